import { FormDataParseError, MaxFileSizeExceededError, MaxTotalSizeExceededError, MultipartParseError, parseFormData } from '@remix-run/form-data-parser';
import { AppError } from '#app/modules/errors/app-error.ts';
import { MAX_IMPORT_BYTES } from './import-read.server.ts';

/** Room around the file for the multipart framing and the small fields (intent, location, mapping). */
const OVERHEAD_BYTES = 64 * 1024;

export type ImportRequest =
  | { intent: 'preview'; file: { bytes: Uint8Array; name: string }; locationId: string | undefined; mapping: unknown }
  | { intent: 'commit'; locationId: string; rows: unknown };

const tooLarge = () => new AppError('import-too-large', { maxMb: MAX_IMPORT_BYTES / (1024 * 1024) });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('invalid-input');
  }
}

/**
 * The import's multipart form, never holding more than the limit in memory (a declared length over
 * it is refused unread; the streaming parser stops at the limit whatever the header said).
 * preview: `file` (the spreadsheet, PDF or photo), `locationId`, `mapping` (JSON, optional);
 * commit: `rows` (the reviewed rows as a JSON file part), `locationId`.
 */
export async function readImportForm(request: Request): Promise<ImportRequest> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('import-missing');
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > MAX_IMPORT_BYTES + OVERHEAD_BYTES) throw tooLarge();
  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles: 1, maxParts: 6, maxFileSize: MAX_IMPORT_BYTES, maxTotalSize: MAX_IMPORT_BYTES + OVERHEAD_BYTES });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) throw tooLarge();
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) throw new AppError('invalid-input');
    throw error;
  }
  const locationId = form.get('locationId');
  const location = typeof locationId === 'string' && locationId.trim() !== '' ? locationId.trim().slice(0, 64) : undefined;
  if (form.get('intent') === 'commit') {
    const rows = form.get('rows');
    if (!location) throw new AppError('invalid-input');
    if (!(rows instanceof File)) throw new AppError('import-empty');
    return { intent: 'commit', locationId: location, rows: parseJson(await rows.text()) };
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('import-missing');
  const mapping = form.get('mapping');
  return {
    intent: 'preview',
    file: { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name },
    locationId: location,
    mapping: typeof mapping === 'string' && mapping !== '' ? parseJson(mapping) : undefined,
  };
}

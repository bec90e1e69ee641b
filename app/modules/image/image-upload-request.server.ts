import { FormDataParseError, MaxFileSizeExceededError, MaxTotalSizeExceededError, MultipartParseError, parseFormData } from '@remix-run/form-data-parser';
import { AppError } from '#app/modules/errors/app-error.ts';
import { isImageUploadKind, MAX_UPLOAD_BYTES, oversizeMegabytes, type ImageUploadKind } from './image.schema.ts';

/** Room around the file for the multipart boundaries, the part headers and the `kind` field. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export interface ImageUploadForm {
  kind: ImageUploadKind;
  file: Buffer;
  name: string;
}

function tooLarge(bytes: number): AppError {
  return new AppError('image-too-large', { sizeMb: oversizeMegabytes(bytes), maxMb: MAX_UPLOAD_BYTES / (1024 * 1024) });
}

/**
 * Reads the upload form (fields `file` and `kind`) without ever holding more than the limit in
 * memory: a declared Content-Length over the limit is refused before a byte is read, and the
 * streaming parser stops as soon as the file passes the limit whatever the header said
 * (a missing or false Content-Length). Anything but multipart/form-data is refused unread.
 */
export async function readImageUploadForm(request: Request): Promise<ImageUploadForm> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType)) throw new AppError('image-missing');
  const declared = Number(request.headers.get('content-length') ?? '');
  const limit = MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES;
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(declared);

  let form: FormData;
  try {
    form = await parseFormData(request, { maxFiles: 1, maxParts: 4, maxFileSize: MAX_UPLOAD_BYTES, maxTotalSize: limit });
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError || error instanceof MaxTotalSizeExceededError) {
      // the body was longer than its Content-Length said (or had none): its real size is unknown
      throw tooLarge(Math.max(declared || 0, MAX_UPLOAD_BYTES + 1));
    }
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) throw new AppError('invalid-input');
    throw error;
  }

  const kind = form.get('kind');
  if (!isImageUploadKind(kind)) throw new AppError('invalid-input');
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('image-missing');
  return { kind, file: Buffer.from(await file.arrayBuffer()), name: file.name };
}

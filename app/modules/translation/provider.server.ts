import { AppError } from '#app/modules/errors/app-error.ts';
import type { TargetLanguage } from './content-language.ts';

/**
 * One machine-translation service (decision 0019). Texts arrive collapsed, with do-not-translate
 * terms as ⟦n⟧ placeholders that must come back untouched; the answer has one text per input, in
 * order. Errors are AppErrors with a message for the owner: 'translation-auth' (key refused),
 * 'translation-quota' (quota or rate limit), 'translation-unavailable' (timeout, 5xx, bad answer).
 */
export interface TranslationProvider {
  readonly name: 'deepl' | 'google' | 'libretranslate';
  /** the most texts, and characters (as sent, markup included), one request may carry */
  readonly limits: { maxTexts: number; maxChars: number };
  translateBatch(texts: readonly string[], source: 'ro', target: TargetLanguage): Promise<string[]>;
}

export interface ProviderOptions {
  baseUrl: string;
  apiKey: string | undefined;
  timeoutMs: number;
  /** tests replace it; production uses the global fetch */
  fetch?: typeof fetch;
}

/** POSTs JSON with a timeout; maps the transport's failures to translated errors. */
export async function postJson(
  options: ProviderOptions,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  classify: (status: number, payload: unknown) => AppError | undefined,
): Promise<unknown> {
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new AppError('translation-unavailable', { detail: timedOut ? `timeout ${options.timeoutMs} ms` : 'no connection' });
  }
  const text = await response.text();
  let payload: unknown;
  try {
    payload = text === '' ? undefined : JSON.parse(text);
  } catch {
    payload = undefined;
  }
  if (!response.ok) {
    throw classify(response.status, payload) ?? defaultError(response.status);
  }
  return payload;
}

function defaultError(status: number): AppError {
  if (status === 401 || status === 403) return new AppError('translation-auth');
  if (status === 429 || status === 456) return new AppError('translation-quota');
  return new AppError('translation-unavailable', { detail: `HTTP ${status}` });
}

/** An answer that does not have one string per text sent: nothing of it is used. */
export function badAnswer(): AppError {
  return new AppError('translation-unavailable', { detail: 'unexpected answer' });
}

/** Control characters (but tab and newline) and bidirectional overrides: never part of a menu's text. */
const INVISIBLE = /(?![\t\n])[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A provider's text checked before anything keeps it (cache, menu): invisible control and bidi
 * characters removed; nothing left, or far longer than what was sent (a page, not a translation),
 * is a bad answer, so the whole batch is refused and nothing of it cached or saved (issue 23).
 */
export function checkTranslated(sent: string, translated: string): string {
  const text = translated.replace(INVISIBLE, '').trim();
  if (text === '' || text.length > Math.max(sent.length * 4, sent.length + 200)) throw badAnswer();
  return text;
}

/** Groups texts into batches under a provider's limits, keeping order; a text over the char limit goes alone. */
export function splitIntoBatches<T>(items: readonly T[], size: (item: T) => number, limits: { maxTexts: number; maxChars: number }): T[][] {
  const batches: T[][] = [];
  let current: T[] = [];
  let chars = 0;
  for (const item of items) {
    const length = size(item);
    if (current.length > 0 && (current.length >= limits.maxTexts || chars + length > limits.maxChars)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(item);
    chars += length;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

import { getEnv } from '#app/env.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import type { TargetLanguage } from './content-language.ts';
import { fromMarkup, toMarkup } from './protect-terms.ts';
import { badAnswer, postJson, type ProviderOptions, type TranslationProvider } from './provider.server.ts';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * DeepL API v2 (POST /v2/translate, JSON). At most 50 texts per request and a 128 KiB body; placeholders
 * travel as <x>n</x> with tag_handling=xml and ignore_tags=x. 403 = key refused, 456 = quota used up.
 */
export function createDeepLProvider(options: ProviderOptions): TranslationProvider {
  const placeholder = /<x>(\d+)<\/x>/g;
  return {
    name: 'deepl',
    limits: { maxTexts: 50, maxChars: 100_000 },
    async translateBatch(texts, source, target) {
      const payload = await postJson(
        options,
        `${trimSlash(options.baseUrl)}/v2/translate`,
        {
          text: texts.map((text) => toMarkup(text, (n) => `<x>${n}</x>`)),
          source_lang: source.toUpperCase(),
          // DeepL wants a variant for English as a target
          target_lang: target === 'en' ? 'EN-GB' : target.toUpperCase(),
          tag_handling: 'xml',
          ignore_tags: ['x'],
        },
        { Authorization: `DeepL-Auth-Key ${options.apiKey ?? ''}` },
        (status) => (status === 456 ? new AppError('translation-quota') : undefined),
      );
      const translations = (payload as { translations?: { text?: unknown }[] } | undefined)?.translations;
      if (!Array.isArray(translations) || translations.length !== texts.length) throw badAnswer();
      return translations.map((entry) => {
        if (typeof entry.text !== 'string') throw badAnswer();
        return fromMarkup(entry.text, placeholder);
      });
    },
  };
}

/**
 * Google Cloud Translation v2 (POST /language/translate/v2?key=…, JSON). At most 128 segments and
 * 30 000 characters per request (Google's documented limits); HTML mode with translate="no" spans.
 * Google says 400 keyInvalid for a bad key and 403 with a *LimitExceeded reason for quota.
 */
export function createGoogleProvider(options: ProviderOptions): TranslationProvider {
  const placeholder = /<span translate="no">(\d+)<\/span>/g;
  return {
    name: 'google',
    limits: { maxTexts: 128, maxChars: 30_000 },
    async translateBatch(texts, source, target) {
      const payload = await postJson(
        options,
        `${trimSlash(options.baseUrl)}/language/translate/v2?key=${encodeURIComponent(options.apiKey ?? '')}`,
        { q: texts.map((text) => toMarkup(text, (n) => `<span translate="no">${n}</span>`)), source, target, format: 'html' },
        {},
        (status, body) => {
          const reasons = ((body as { error?: { errors?: { reason?: string }[] } } | undefined)?.error?.errors ?? []).map((e) => e.reason ?? '');
          if (reasons.some((reason) => /limitexceeded|quotaexceeded/i.test(reason)) || status === 429) return new AppError('translation-quota');
          if (reasons.includes('keyInvalid') || status === 401 || status === 403) return new AppError('translation-auth');
          return undefined;
        },
      );
      const translations = (payload as { data?: { translations?: { translatedText?: unknown }[] } } | undefined)?.data?.translations;
      if (!Array.isArray(translations) || translations.length !== texts.length) throw badAnswer();
      return translations.map((entry) => {
        if (typeof entry.translatedText !== 'string') throw badAnswer();
        return fromMarkup(entry.translatedText, placeholder);
      });
    },
  };
}

/**
 * LibreTranslate (POST /translate, JSON, `q` as an array). A self-hosted server sets its own limits;
 * these defaults fit a stock one (`--char-limit`, `--batch-limit`). 403 = key refused, 429 = slow down.
 */
export function createLibreTranslateProvider(options: ProviderOptions & { maxTexts?: number; maxChars?: number }): TranslationProvider {
  const placeholder = /<span translate="no">(\d+)<\/span>/g;
  return {
    name: 'libretranslate',
    limits: { maxTexts: options.maxTexts ?? 25, maxChars: options.maxChars ?? 5000 },
    async translateBatch(texts, source, target: TargetLanguage) {
      const payload = await postJson(
        options,
        `${trimSlash(options.baseUrl)}/translate`,
        {
          q: texts.map((text) => toMarkup(text, (n) => `<span translate="no">${n}</span>`)),
          source,
          target,
          format: 'html',
          ...(options.apiKey ? { api_key: options.apiKey } : {}),
        },
        {},
        () => undefined,
      );
      const translated = (payload as { translatedText?: unknown } | undefined)?.translatedText;
      if (!Array.isArray(translated) || translated.length !== texts.length) throw badAnswer();
      return translated.map((text: unknown) => {
        if (typeof text !== 'string') throw badAnswer();
        return fromMarkup(text, placeholder);
      });
    },
  };
}

export const DEFAULT_BASE_URLS = {
  // a DeepL Free key ends in ':fx' and has its own host
  deepl: (apiKey: string | undefined) => (apiKey?.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com'),
  google: () => 'https://translation.googleapis.com',
} as const;

export interface TranslationConfig {
  TRANSLATION_PROVIDER?: 'deepl' | 'google' | 'libretranslate' | undefined;
  TRANSLATION_API_URL?: string | undefined;
  TRANSLATION_API_KEY?: string | undefined;
  TRANSLATION_TIMEOUT_MS: number;
}

/** The configured provider, or null when none is (a fresh clone: the translate actions are hidden). */
export function createTranslationProvider(env: TranslationConfig, fetchImpl?: typeof fetch): TranslationProvider | null {
  const common = { apiKey: env.TRANSLATION_API_KEY, timeoutMs: env.TRANSLATION_TIMEOUT_MS, fetch: fetchImpl };
  switch (env.TRANSLATION_PROVIDER) {
    case 'deepl':
      return createDeepLProvider({ ...common, baseUrl: env.TRANSLATION_API_URL ?? DEFAULT_BASE_URLS.deepl(env.TRANSLATION_API_KEY) });
    case 'google':
      return createGoogleProvider({ ...common, baseUrl: env.TRANSLATION_API_URL ?? DEFAULT_BASE_URLS.google() });
    case 'libretranslate':
      return env.TRANSLATION_API_URL ? createLibreTranslateProvider({ ...common, baseUrl: env.TRANSLATION_API_URL }) : null;
    default:
      return null;
  }
}

let configured: TranslationProvider | null | undefined;

/** The process's provider from configuration (created once). */
export function getTranslationProvider(): TranslationProvider | null {
  if (configured === undefined) configured = createTranslationProvider(getEnv());
  return configured;
}

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Copies a link to the clipboard and says so in a polite live region, so screen-reader users hear
 * it too. Where the clipboard is refused, it says how to copy by hand instead of failing silently.
 */
export function CopyLinkButton({ url }: { url: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(url);
      setStatus('copied');
      timer.current = setTimeout(() => setStatus('idle'), 4000);
    } catch {
      setStatus('failed');
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        onClick={copy}
        className="inline-flex min-h-11 items-center rounded-lg border border-stone-400 bg-white px-4 font-medium hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:hover:bg-stone-800"
      >
        {t('qr.copy')}
      </button>
      <p role="status" className={status === 'failed' ? 'font-medium text-primary-800 dark:text-primary-100' : 'font-medium text-olive-700 dark:text-stone-200'}>
        {status === 'copied' ? t('qr.copied') : status === 'failed' ? t('qr.copyFailed') : ''}
      </p>
    </div>
  );
}

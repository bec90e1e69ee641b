import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher, useRevalidator } from 'react-router';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import { EXTRA_LANGUAGES, type ExtraLanguage } from '#app/modules/translation/content-language.ts';
import type { TranslationProgressView } from '#app/modules/translation/translation.types.ts';
import { CheckboxField, Fieldset, primaryButton, secondaryButton, TextArea } from './fields.tsx';
import { useActionToast } from './use-action-toast.ts';

// i18n-keys: translation.language.*
/**
 * The restaurant's content languages and do-not-translate list, and "translate everything missing"
 * with its progress (issue 16). The run is a job: the bar is read from the server, polled while it
 * runs, so the owner can leave and come back. With no provider configured the action is hidden and
 * the section says how to enable it.
 */
export function LanguagesForm({
  languages,
  doNotTranslate,
  version,
  translationConfigured,
  progress,
}: {
  languages: readonly ExtraLanguage[];
  doNotTranslate: readonly string[];
  /** what the form was loaded with: a save from a stale tab is refused, not silently applied */
  version: string;
  translationConfigured: boolean;
  progress: TranslationProgressView | null;
}) {
  const { t } = useTranslation();
  const save = useFetcher<ActionResult>();
  const fill = useFetcher<ActionResult>();
  useActionToast(save.data, save.state);
  useActionToast(fill.data, fill.state);
  const revalidator = useRevalidator();
  const running = progress?.status === 'running';
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  return (
    <Fieldset legend={t('translation.languagesLegend')} className="space-y-4">
      <save.Form method="post" className="space-y-4" aria-label={t('translation.languagesLegend')}>
        <input type="hidden" name="intent" value="languages" />
        <input type="hidden" name="version" value={version} />
        <p className="text-sm text-stone-700 dark:text-stone-300">{t('translation.languagesHelp')}</p>
        <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
          {EXTRA_LANGUAGES.map((language) => (
            <CheckboxField key={language} name="languages" value={language} label={t(`translation.language.${language}`)} defaultChecked={languages.includes(language)} />
          ))}
        </div>
        <TextArea
          label={t('translation.doNotTranslate')}
          name="doNotTranslate"
          defaultValue={doNotTranslate.join('\n')}
          hint={t('translation.doNotTranslateHint')}
          maxLength={4000}
          rows={4}
        />
        <button type="submit" className={secondaryButton} disabled={save.state !== 'idle'}>
          {t('translation.saveLanguages')}
        </button>
      </save.Form>
      {translationConfigured ? (
        <fill.Form method="post" className="space-y-3 border-t border-stone-200 pt-4 dark:border-stone-800">
          <input type="hidden" name="intent" value="translate-missing" />
          <p className="text-sm text-stone-700 dark:text-stone-300">{t('translation.translateMissingHelp')}</p>
          <button type="submit" className={primaryButton} disabled={running || fill.state !== 'idle'}>
            {t('translation.translateMissing')}
          </button>
          {progress ? <Progress progress={progress} /> : null}
        </fill.Form>
      ) : (
        <p className="border-t border-stone-200 pt-4 text-sm text-stone-700 dark:border-stone-800 dark:text-stone-300" data-testid="translation-not-configured">
          {t('translation.notConfigured')}
        </p>
      )}
    </Fieldset>
  );
}

function Progress({ progress }: { progress: TranslationProgressView }) {
  const { t } = useTranslation();
  const label =
    progress.status === 'running'
      ? t('translation.progress', { done: progress.done, total: progress.total })
      : progress.status === 'done'
        ? t('translation.progressDone', { done: progress.done })
        : t('translation.progressFailed', { error: progress.errorMessage ?? '' });
  return (
    <div role="status" aria-live="polite" className="space-y-1">
      <progress
        className="h-3 w-full accent-primary-600"
        max={Math.max(progress.total, 1)}
        value={progress.status === 'done' ? Math.max(progress.total, 1) : progress.done}
        aria-label={label}
      />
      <p className="text-sm" data-testid="translation-progress">
        {label}
      </p>
    </div>
  );
}

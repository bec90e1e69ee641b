import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { FieldTranslationView } from '#app/modules/translation/translation.types.ts';
import { Fieldset, secondaryButton, TextArea } from './fields.tsx';
import { useActionToast } from './use-action-toast.ts';

/** Where a panel posts when it is not its page's own action: the editor's translations route and the row it names. */
export interface PanelTarget {
  action: string;
  table: 'category' | 'location' | 'optionGroup' | 'optionItem';
  id: string;
}

/**
 * A row's texts in English and the restaurant's extra languages (issue 16): each one editable by
 * the owner, marked "tradus automat" while the machine's, flagged when the Romanian changed since,
 * and filled by "Tradu automat" when a provider is configured (the button is absent otherwise).
 */
export function TranslationsPanel({
  rows,
  translationConfigured,
  target,
  className = 'mt-8',
}: {
  rows: readonly FieldTranslationView[];
  translationConfigured: boolean;
  target?: PanelTarget;
  className?: string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <Fieldset legend={t('translation.panelLegend')} className={`${className} space-y-4`}>
      {translationConfigured ? null : <p className="text-sm text-stone-700 dark:text-stone-300">{t('translation.notConfigured')}</p>}
      {rows.map((row) => (
        <TranslationRow key={`${row.language}.${row.field}`} row={row} translationConfigured={translationConfigured} target={target} />
      ))}
    </Fieldset>
  );
}

// i18n-keys: translation.field.* translation.languageIn.*
function TranslationRow({ row, translationConfigured, target }: { row: FieldTranslationView; translationConfigured: boolean; target: PanelTarget | undefined }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  // "Nume în engleză": never the same words as the ordinary form's "Nume (engleză)" on the same page
  const label = t('translation.fieldIn', { field: t(`translation.field.${row.field}`), language: t(`translation.languageIn.${row.language}`) });
  const busy = fetcher.state !== 'idle';
  return (
    <fetcher.Form method="post" action={target?.action} className="space-y-2 border-b border-stone-200 pb-4 last:border-0 dark:border-stone-800">
      {target ? <input type="hidden" name="table" value={target.table} /> : null}
      {target ? <input type="hidden" name="id" value={target.id} /> : null}
      <input type="hidden" name="field" value={row.field} />
      <input type="hidden" name="language" value={row.language} />
      {/* the text this field was loaded with: a save over a newer one is refused, not silently applied */}
      <input type="hidden" name="version" value={row.version} />
      {/* the key makes the field show the saved text after every save or machine translation */}
      <TextArea
        key={row.text}
        label={label}
        name="text"
        defaultValue={row.text}
        lang={row.language}
        maxLength={row.maxLength}
        rows={row.field === 'name' ? 1 : 2}
        hint={row.source ? `ro: ${row.source}` : undefined}
        error={fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors.text : undefined}
      />
      <div className="flex flex-wrap items-center gap-2">
        {row.state === 'machine' ? (
          <span className="rounded bg-amber-100 px-2 py-0.5 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100" data-testid="machine-mark">
            {t('translation.machineMark')}
          </span>
        ) : null}
        {row.state === 'outdated' ? (
          <span className="rounded bg-red-100 px-2 py-0.5 text-sm text-red-900 dark:bg-red-900 dark:text-red-100">{t('translation.outdatedMark')}</span>
        ) : null}
        <button type="submit" name="intent" value="translation-save" className={secondaryButton} disabled={busy}>
          {row.state === 'machine' ? t('translation.approve') : t('translation.saveTranslation')}
        </button>
        {translationConfigured && (row.state === 'missing' || row.state === 'machine' || row.state === 'outdated') && row.source ? (
          <button
            type="submit"
            name="intent"
            value="translation-auto"
            className={secondaryButton}
            disabled={busy}
            aria-label={t('translation.translateFieldLabel', { field: label })}
          >
            {t('translation.translateField')}
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}

import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { LibraryGroup } from '#app/modules/options/dish-options.types.ts';
import { Fieldset, FormAlert, primaryButton } from './fields.tsx';
import { NEW_GROUP, OptionGroupFields, typedGroupValues, useRuleSummary } from './option-group-fields.tsx';

/**
 * The restaurant's library of option groups (issue 35): every group with its rule, its options and
 * how many dishes offer it, each leading to its own page, then a form for a new group.
 */
export function OptionsLibrary({
  groups,
  result,
  locale,
  slug,
  canEdit,
}: {
  groups: readonly LibraryGroup[];
  result: ActionResult | undefined;
  locale: Locale;
  slug: string;
  /** menu.edit: the new group's form too (staff open the groups only, to mark an option sold out) */
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const summary = useRuleSummary();
  const refused = result && !result.ok ? result : undefined;
  return (
    <div className="mt-6 space-y-8">
      {groups.length === 0 ? (
        <p className="rounded-lg bg-stone-100 p-4 dark:bg-stone-800">{t('options.noGroups')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-[10px] border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {groups.map((group) => (
            <li key={group.id} data-testid="option-group">
              <Link to={`/${slug}/admin/options/${group.id}`} className="block min-h-11 px-3 py-2 hover:bg-stone-100 dark:hover:bg-stone-800">
                <span className="font-semibold underline decoration-stone-400 underline-offset-4">{localized(group.nameRo, group.nameEn, locale)}</span>
                <span className="block text-sm text-stone-700 dark:text-stone-300">
                  {summary(group)} · {t('options.optionCount', { count: group.options.length })} ·{' '}
                  {group.dishes === 0 ? t('options.onNoDish') : t('options.dishCount', { count: group.dishes })}
                </span>
                {group.options.length > 0 ? (
                  <span className="block text-sm text-stone-600 dark:text-stone-400">
                    {group.options.map((option) => localized(option.nameRo, option.nameEn, locale)).join(', ')}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <Fieldset legend={t('options.newGroup')}>
          <Form method="post" className="space-y-4" noValidate>
            <FormAlert error={refused?.error} />
            <input type="hidden" name="intent" value="create-group" />
            <OptionGroupFields values={refused?.values ? typedGroupValues(refused.values) : NEW_GROUP} errors={refused?.fieldErrors ?? {}} />
            <button type="submit" className={primaryButton}>
              {t('options.createGroup')}
            </button>
          </Form>
        </Fieldset>
      ) : null}
    </div>
  );
}

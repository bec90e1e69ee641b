import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import type { LibraryGroup } from '#app/modules/options/dish-options.types.ts';
import { OPTION_LIMITS } from '#app/modules/options/options.types.ts';
import { secondaryButton, SelectField } from './fields.tsx';
import { useRuleSummary } from './option-group-fields.tsx';
import { RowButton } from './option-row-button.tsx';

/**
 * On a dish's page, below its form: the library's groups the dish offers, in the order the guest
 * answers them (move up, move down, take off), and a group of the library to add. Each is its
 * own small form, so the dish's form and these never submit each other.
 */
export function DishOptionsSection({ attached, available, locale, slug }: { attached: readonly LibraryGroup[]; available: readonly LibraryGroup[]; locale: Locale; slug: string }) {
  const { t } = useTranslation();
  const summary = useRuleSummary();
  const full = attached.length >= OPTION_LIMITS.groupsPerDish;
  return (
    <section aria-labelledby="dish-options" className="mt-8 space-y-3 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800">
      <h3 id="dish-options" className="text-lg font-semibold">
        {t('options.dishHeading')}
      </h3>
      <p className="text-stone-700 dark:text-stone-300">{t('options.dishIntro')}</p>
      {attached.length === 0 ? (
        <p>{t('options.dishNone')}</p>
      ) : (
        <ol className="divide-y divide-stone-200 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {attached.map((group, index) => {
            const name = localized(group.nameRo, group.nameEn, locale);
            return (
              <li key={group.id} className="flex flex-wrap items-center gap-x-3 px-3 py-1" data-testid="dish-option-group">
                <span className="min-w-0 flex-1">
                  <span className="font-medium">{name}</span>
                  <span className="block text-sm text-stone-600 dark:text-stone-400">
                    {summary(group)} · {group.options.map((option) => localized(option.nameRo, option.nameEn, locale)).join(', ')}
                  </span>
                </span>
                <span className="flex">
                  <RowButton
                    intent="move-option-group"
                    fields={{ groupId: group.id, direction: 'up' }}
                    icon="arrow-up"
                    label={t('options.moveUp', { name })}
                    disabled={index === 0}
                  />
                  <RowButton
                    intent="move-option-group"
                    fields={{ groupId: group.id, direction: 'down' }}
                    icon="arrow-down"
                    label={t('options.moveDown', { name })}
                    disabled={index === attached.length - 1}
                  />
                  <RowButton intent="detach-option-group" fields={{ groupId: group.id }} icon="trash" label={t('options.detach', { name })} />
                </span>
              </li>
            );
          })}
        </ol>
      )}
      {available.length > 0 && !full ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="attach-option-group" />
          <SelectField label={t('options.dishAttach')} name="groupId" className="min-w-0 flex-1 sm:max-w-sm">
            {available.map((group) => (
              <option key={group.id} value={group.id}>
                {localized(group.nameRo, group.nameEn, locale)} ({summary(group)})
              </option>
            ))}
          </SelectField>
          <button type="submit" className={secondaryButton}>
            {t('options.dishAttachButton')}
          </button>
        </Form>
      ) : (
        <p className="text-stone-700 dark:text-stone-300">
          {full
            ? t('appErrors.option-limit-reached_dish', { limit: OPTION_LIMITS.groupsPerDish })
            : attached.length === 0
              ? t('options.dishLibraryEmpty')
              : t('options.dishAllAttached')}
        </p>
      )}
      <Link to={`/${slug}/admin/options`} className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
        {t('options.dishManage')}
      </Link>
    </section>
  );
}

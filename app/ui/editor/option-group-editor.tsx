import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { LibraryGroup } from '#app/modules/options/dish-options.types.ts';
import { EditInPlace, Fieldset, FormAlert, primaryButton, secondaryButton } from './fields.tsx';
import { groupFormValues, OptionGroupFields, typedGroupValues, useRuleSummary } from './option-group-fields.tsx';
import { NEW_OPTION, OptionForm, optionFormValues, optionPriceLabel, typedOptionValues } from './option-fields.tsx';
import { ContentTranslations } from './content-translations.tsx';
import { useCan } from './editor-permissions.tsx';
import { RowButton, SoldOutUntilOpeningButton } from './option-row-button.tsx';

/** Whether a refused save came from this form (its intent, and its row's id when it has one). */
function refusedHere(result: ActionResult | undefined, intent: string, id?: string) {
  if (!result || result.ok || result.values?.intent !== intent) return undefined;
  if (id !== undefined && result.values?.id !== id) return undefined;
  return result;
}

// i18n-keys: allergen.*
/**
 * One group of the library: its names, rule and pricing; its options in order, each editable in
 * place, movable and deletable; a form for the next option; deleting the group, asked first.
 * Every control is a plain form post (usable before or without JavaScript, on a phone). A role
 * without menu.edit (staff) sees the options with their one click "until we open again" only.
 */
export function OptionGroupEditor({
  group,
  result,
  currency,
  locale,
  slug,
}: {
  group: LibraryGroup;
  result: ActionResult | undefined;
  currency: string;
  locale: Locale;
  slug: string;
}) {
  const { t } = useTranslation();
  const summary = useRuleSummary();
  const groupRefused = refusedHere(result, 'update-group');
  const newRefused = refusedHere(result, 'create-option');
  const name = localized(group.nameRo, group.nameEn, locale);
  const canEdit = useCan('menu.edit');
  return (
    <div className="space-y-8">
      <Link to={`/${slug}/admin/options`} className="inline-flex min-h-11 items-center font-medium underline underline-offset-4">
        {t('options.backToLibrary')}
      </Link>
      <div>
        <h2 id="group-title" className="text-2xl font-semibold">
          {name}
        </h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          {summary(group)} · {group.dishes === 0 ? t('options.onNoDish') : t('options.dishCount', { count: group.dishes })}
        </p>
      </div>

      <section aria-labelledby="options-heading" className="space-y-3">
        <h3 id="options-heading" className="text-lg font-semibold">
          {t('options.optionsHeading')}
        </h3>
        {group.options.length === 0 ? <p className="text-stone-700 dark:text-stone-300">{t('options.noOptions')}</p> : null}
        <ol className="divide-y divide-stone-200 rounded-[10px] border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {group.options.map((option, index) => {
            const optionName = localized(option.nameRo, option.nameEn, locale);
            const refused = refusedHere(result, 'update-option', option.id);
            return (
              <li key={option.id} className="space-y-1 px-3 py-2" data-testid="option-row">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="min-w-0 flex-1 font-medium">{optionName}</span>
                  <span className="tabular-nums">{optionPriceLabel(option.priceMinor, group.pricing, currency, locale, t('options.free'))}</span>
                  {!option.available ? (
                    <span className="rounded bg-stone-200 px-2 text-sm dark:bg-stone-800">{option.soldOutUntil ? t('options.soldOutUntilOpening') : t('options.soldOut')}</span>
                  ) : null}
                  {!option.visible ? <span className="rounded bg-stone-200 px-2 text-sm dark:bg-stone-800">{t('options.hidden')}</span> : null}
                  {option.available ? (
                    <SoldOutUntilOpeningButton optionId={option.id} label={t('options.untilOpening')} name={t('options.markUntilOpening', { name: optionName })} />
                  ) : null}
                  {canEdit ? (
                    <span className="flex">
                      <RowButton
                        intent="move-option"
                        fields={{ id: option.id, direction: 'up' }}
                        icon="arrow-up"
                        label={t('options.moveUp', { name: optionName })}
                        disabled={index === 0}
                      />
                      <RowButton
                        intent="move-option"
                        fields={{ id: option.id, direction: 'down' }}
                        icon="arrow-down"
                        label={t('options.moveDown', { name: optionName })}
                        disabled={index === group.options.length - 1}
                      />
                      <RowButton intent="delete-option" fields={{ id: option.id }} icon="trash" label={t('options.deleteOption', { name: optionName })} />
                    </span>
                  ) : null}
                </div>
                {option.allergens.length > 0 ? (
                  <p className="text-sm text-stone-600 dark:text-stone-400">{option.allergens.map((key) => t(`allergen.${key}`)).join(', ')}</p>
                ) : null}
                {canEdit ? (
                  <EditInPlace label={t('options.editOption')} name={optionName} open={Boolean(refused)}>
                    <div className="py-3">
                      <FormAlert error={refused?.error} stale={refused?.code === 'stale-edit'} />
                      <OptionForm
                        intent="update-option"
                        optionId={option.id}
                        version={option.version}
                        pricing={group.pricing}
                        currency={currency}
                        submitLabel={t('options.saveOption')}
                        values={refused?.values ? typedOptionValues(refused.values) : optionFormValues(option, locale)}
                        errors={refused?.fieldErrors ?? {}}
                      />
                    </div>
                  </EditInPlace>
                ) : null}
                <ContentTranslations slug={slug} table="optionItem" id={option.id} name={optionName} />
              </li>
            );
          })}
        </ol>
        {canEdit ? (
          <Fieldset legend={t('options.newOption')}>
            <FormAlert error={newRefused?.error} />
            {/* keyed by the count: after an option is added, an empty form for the next */}
            <OptionForm
              key={group.options.length}
              intent="create-option"
              pricing={group.pricing}
              currency={currency}
              submitLabel={t('options.addOption')}
              values={newRefused?.values ? typedOptionValues(newRefused.values) : NEW_OPTION}
              errors={newRefused?.fieldErrors ?? {}}
            />
          </Fieldset>
        ) : null}
      </section>

      {canEdit ? (
        <section aria-labelledby="group-settings" className="space-y-3">
          <h3 id="group-settings" className="text-lg font-semibold">
            {t('options.editGroup')}
          </h3>
          <Form method="post" className="space-y-4" noValidate>
            <FormAlert error={groupRefused?.error} stale={groupRefused?.code === 'stale-edit'} />
            <input type="hidden" name="intent" value="update-group" />
            <input type="hidden" name="version" value={group.version} />
            <OptionGroupFields values={groupRefused?.values ? typedGroupValues(groupRefused.values) : groupFormValues(group)} errors={groupRefused?.fieldErrors ?? {}} />
            <button type="submit" className={primaryButton}>
              {t('options.saveGroup')}
            </button>
          </Form>
          <details className="rounded-[10px] border border-stone-200 p-3 dark:border-stone-800">
            <summary className="flex min-h-11 cursor-pointer items-center font-medium text-primary-800 dark:text-primary-100">{t('options.deleteGroup')}</summary>
            <Form method="post" className="space-y-3 pt-2">
              <p>{t('options.deleteGroupConfirm', { name })}</p>
              <button type="submit" name="intent" value="delete-group" className={secondaryButton}>
                {t('options.deleteGroupYes')}
              </button>
            </Form>
          </details>
          <ContentTranslations slug={slug} table="optionGroup" id={group.id} name={name} />
        </section>
      ) : null}
    </div>
  );
}

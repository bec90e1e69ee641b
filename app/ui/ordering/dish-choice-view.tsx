import { useTranslation } from 'react-i18next';
import { formatPrice } from '#app/i18n/localized.ts';
import type { DishChoiceGroup, DishChoiceOption } from '#app/modules/ordering/dish-choice.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import dishPriceScript from './dish-price.js?url';

/**
 * A dish's choices (issue 35 item 2), sent as HTML without React in the browser: one plain form
 * (radio buttons for an exactly-one group, check boxes otherwise, a note, a quantity) that the add
 * route validates. A small script shows the running price; without it the cart shows the price.
 */

export interface DishChoiceViewData {
  locale: 'ro' | 'en';
  restaurantName: string;
  currency: string;
  dish: { id: string; name: string; priceMinor: number; allergens: AllergenKey[] };
  groups: DishChoiceGroup[];
  orderable: boolean;
  /** the options the guest had chosen when the add route refused */
  chosen: string[];
  /** the allergens the guest hid with the menu's filter */
  filtered: AllergenKey[];
  via: string | null;
  error: string | null;
  /** the group the refusal names (its fieldset is marked) */
  errorGroup: string | null;
  action: string;
  menuHref: string;
}

const field = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

export function DishChoiceView({ data }: { data: DishChoiceViewData }) {
  const { t } = useTranslation();
  const price = (minor: number) => formatPrice(minor, data.currency, data.locale);
  const names = (keys: readonly AllergenKey[]) => keys.map((key) => t(`allergen.${key}`)).join(', ');
  const rule = (group: DishChoiceGroup) =>
    group.rule === 'exactly-one'
      ? t('orderOptions.ruleExactlyOne')
      : group.rule === 'up-to'
        ? t('orderOptions.ruleUpTo', { max: group.maxChoices })
        : t('orderOptions.ruleBetween', { min: group.minChoices, max: group.maxChoices });
  const optionPrice = (group: DishChoiceGroup, option: DishChoiceOption) =>
    group.pricing === 'set' ? price(option.priceMinor) : option.priceMinor === 0 ? '' : `${option.priceMinor > 0 ? '+' : '−'}${price(Math.abs(option.priceMinor))}`;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-6 pb-16">
      <p className="text-sm text-stone-700 dark:text-stone-300">{data.restaurantName}</p>
      <a href={data.menuHref} className="mt-1 inline-flex min-h-11 items-center font-medium text-primary-700 underline dark:text-primary-100">
        {t('order.backToMenu')}
      </a>
      <h1 className="mt-1 text-3xl font-bold">{data.dish.name}</h1>
      <p className="mt-1 text-lg tabular-nums">{`${t('orderOptions.basePrice')}: ${price(data.dish.priceMinor)}`}</p>
      {data.dish.allergens.length > 0 ? (
        <p className="mt-1 text-sm">
          <b>{`${t('menu.allergens')}: `}</b>
          {names(data.dish.allergens)}
        </p>
      ) : null}
      {data.error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-primary-700 bg-primary-50 p-3 font-medium text-primary-900 dark:bg-stone-900 dark:text-primary-100"
          data-testid="dish-error"
        >
          {data.error}
        </p>
      ) : null}
      {!data.orderable ? (
        <p role="status" className="mt-4 rounded-lg border border-stone-400 bg-stone-100 p-3 font-medium dark:bg-stone-900">
          {t('orderOptions.notOrderable')}
        </p>
      ) : (
        <form
          method="post"
          action={data.action}
          className="mt-4 space-y-5"
          noValidate
          data-dish-form=""
          data-base={data.dish.priceMinor}
          data-currency={data.currency}
          data-locale={data.locale === 'ro' ? 'ro-RO' : 'en-GB'}
        >
          <input type="hidden" name="p" value={data.dish.id} />
          <input type="hidden" name="from" value="dish" />
          {data.via ? <input type="hidden" name="via" value={data.via} /> : null}
          {data.filtered.map((key) => (
            <input key={key} type="hidden" name="a" value={key} />
          ))}
          {data.groups.map((group) => {
            const marked = data.errorGroup === group.id;
            return (
              <fieldset
                key={group.id}
                id={`group-${group.id}`}
                className={`rounded-lg border p-3 ${marked ? 'border-primary-700' : 'border-stone-300 dark:border-stone-700'}`}
                aria-describedby={marked && data.error ? undefined : `rule-${group.id}`}
                data-testid="option-group"
              >
                <legend className="px-1 text-lg font-semibold">{group.name}</legend>
                <p id={`rule-${group.id}`} className="text-sm text-stone-700 dark:text-stone-300">
                  {rule(group)}
                </p>
                {group.options.map((option) => (
                  <label key={option.id} className={`mt-1 flex min-h-11 items-center gap-3 ${option.available ? '' : 'text-stone-500'}`}>
                    <input
                      type={group.rule === 'exactly-one' ? 'radio' : 'checkbox'}
                      name="o"
                      value={option.id}
                      disabled={!option.available}
                      defaultChecked={option.available && data.chosen.includes(option.id)}
                      data-price={option.priceMinor}
                      data-set={group.pricing === 'set' ? '' : undefined}
                      className="h-5 w-5 shrink-0 accent-primary-700"
                    />
                    <span className="min-w-0 flex-1">
                      <span className="font-medium">{option.name}</span>
                      {!option.available ? <span className="ml-2 text-sm font-semibold uppercase">{t('orderOptions.soldOut')}</span> : null}
                      {option.filtered.length > 0 ? (
                        <span
                          className="block text-sm font-semibold text-primary-800 dark:text-primary-100"
                          data-testid="option-filtered"
                        >{`⚠ ${t('orderOptions.filteredMark', { names: names(option.filtered) })}`}</span>
                      ) : option.allergens.length > 0 ? (
                        <span className="block text-sm text-stone-700 dark:text-stone-300">{t('orderOptions.contains', { names: names(option.allergens) })}</span>
                      ) : null}
                    </span>
                    <span className="tabular-nums">{optionPrice(group, option)}</span>
                  </label>
                ))}
              </fieldset>
            );
          })}
          <div>
            <label htmlFor="dish-note" className="block font-medium">
              {t('orderOptions.note')}
            </label>
            <input id="dish-note" name="n" maxLength={140} className={field} aria-describedby="dish-note-hint" />
            <p id="dish-note-hint" className="mt-1 text-sm text-stone-700 dark:text-stone-300">
              {t('orderOptions.noteHint')}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-4">
            <div>
              <label htmlFor="dish-quantity" className="block font-medium">
                {t('orderOptions.quantity')}
              </label>
              <input id="dish-quantity" name="q" type="number" inputMode="numeric" min={1} max={20} defaultValue={1} className={`${field} w-24`} />
            </div>
            {/* the running price: the script fills it in and shows it; without it the cart shows the server's price */}
            <p className="text-xl font-bold tabular-nums" hidden data-running="">
              {`${t('order.total')}: `}
              <output htmlFor="dish-quantity" data-testid="running-total" />
            </p>
          </div>
          <button
            type="submit"
            className="inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-primary-700 px-4 text-lg font-semibold text-white hover:bg-primary-800"
          >
            {t('orderOptions.addToCart')}
          </button>
        </form>
      )}
      <script src={dishPriceScript} defer />
    </main>
  );
}

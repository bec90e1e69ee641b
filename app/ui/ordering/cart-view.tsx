import { useTranslation } from 'react-i18next';
import { formatPrice } from '#app/i18n/localized.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import { AllergyQuestion, cartInput as input, LineFlag } from './cart-allergies.tsx';

/**
 * The guest's cart page (decision 0032), sent as HTML without React in the browser: one plain form
 * whose buttons say what to do (more, less, remove, send), so it works the same without JavaScript.
 * Every button also keeps the notes and the table code typed so far.
 */

export interface CartViewLine {
  name: string | null;
  unitPriceMinor: number;
  quantity: number;
  note: string | null;
  unavailable: boolean;
  /** the chosen options (issue 35), group and option names in the page's language */
  options: { group: string; name: string }[];
  /** why its choices cannot be ordered, naming the dish and the group */
  problem: string | null;
  /** the dish's and options' allergens and traces: a declared allergy among them flags the line */
  flagKeys: AllergenKey[];
}

export interface CartViewData {
  locale: 'ro' | 'en';
  restaurantName: string;
  locationName: string;
  currency: string;
  lines: CartViewLine[];
  totalMinor: number;
  allergens: AllergenKey[];
  /** the allergies the question shows ticked (the guest's last choice, or the menu filter's) and their words */
  allergies: AllergenKey[];
  allergyNote: string;
  /** where guests may order now: 'open', or why not */
  state: 'open' | 'off' | 'paused';
  kinds: { dineIn: boolean; pickup: boolean };
  table: string | null;
  /** a table code the cart holds that names no table here now */
  tableCodeInvalid: boolean;
  /** the location's note for pickup orders */
  note: string | null;
  todayHours: [string, string][] | null;
  earliestPickup: string;
  menuHref: string;
  action: string;
}

export interface CartViewResult {
  error?: string;
  field?: string;
  priceChangedTotal?: string;
  values?: { kind?: string; name?: string; phone?: string; pickupTime?: string; table?: string; notes?: string[]; allergies?: string[]; allergyNote?: string };
}

const smallButton =
  'inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border border-stone-400 px-3 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';

export function CartView({ data, result }: { data: CartViewData; result: CartViewResult | undefined }) {
  const { t } = useTranslation();
  const price = (minor: number) => formatPrice(minor, data.currency, data.locale);
  const values = result?.values ?? {};
  const kind = values.kind ?? (data.kinds.dineIn && (data.table || !data.kinds.pickup) ? 'dineIn' : 'pickup');
  const errorFor = (field: string) => (result?.field === field ? result.error : undefined);
  const fieldProps = (field: string) => ({ 'aria-invalid': Boolean(errorFor(field)), 'aria-describedby': errorFor(field) ? `cart-${field}-error` : undefined });
  const declared = values.allergies ?? data.allergies;
  const FieldError = ({ field }: { field: string }) =>
    errorFor(field) ? (
      <p id={`cart-${field}-error`} className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
        {errorFor(field)}
      </p>
    ) : null;
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-6 pb-16">
      <p className="text-sm text-stone-700 dark:text-stone-300">{`${data.restaurantName} · ${data.locationName}`}</p>
      <h1 className="mt-1 text-3xl font-bold">{t('order.cartTitle')}</h1>
      <a href={data.menuHref} className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline dark:text-primary-100">
        {t('order.backToMenu')}
      </a>
      {result?.error && !result.field ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-primary-700 bg-primary-50 p-3 font-medium text-primary-900 dark:bg-stone-900 dark:text-primary-100"
          data-testid="cart-error"
        >
          {result.error}
        </p>
      ) : null}
      {result?.priceChangedTotal ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-amber-700 bg-amber-50 p-3 font-medium text-amber-950 dark:bg-stone-900 dark:text-amber-100"
          data-testid="price-changed"
        >
          {t('order.priceChanged', { total: result.priceChangedTotal })}
        </p>
      ) : null}
      {data.state !== 'open' ? (
        <p role="status" className="mt-4 rounded-lg border border-stone-400 bg-stone-100 p-3 font-medium dark:bg-stone-900">
          {t(data.state === 'paused' ? 'order.pausedOnMenu' : 'order.ordersOff')}
        </p>
      ) : null}
      {data.lines.length === 0 ? (
        <p className="mt-6 text-lg" data-testid="cart-empty">
          {t('order.cartEmpty')}
        </p>
      ) : (
        <form method="post" action={data.action} className="mt-4" noValidate>
          {/* Enter in a text field saves the cart, it never sends the order */}
          <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
            {t('order.save')}
          </button>
          <ul className="divide-y divide-stone-200 border-y border-stone-200 dark:divide-stone-800 dark:border-stone-800">
            {data.lines.map((line, index) => {
              const name = line.name ?? t('order.goneDish');
              return (
                <li key={index} className="py-3" data-testid="cart-line">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <h2 className="text-lg font-semibold">{name}</h2>
                    <p className="tabular-nums">{line.unavailable ? null : `${line.quantity} × ${price(line.unitPriceMinor)} = ${price(line.unitPriceMinor * line.quantity)}`}</p>
                  </div>
                  {line.options.length > 0 ? (
                    <ul className="text-sm text-stone-700 dark:text-stone-300" data-testid="line-options">
                      {line.options.map((option, at) => (
                        <li key={at}>{`${option.group}: ${option.name}`}</li>
                      ))}
                    </ul>
                  ) : null}
                  <LineFlag keys={line.flagKeys.filter((key) => declared.includes(key))} />
                  {line.problem ? (
                    <p className="text-sm font-semibold text-primary-700 dark:text-primary-100">{line.problem}</p>
                  ) : line.unavailable ? (
                    <p className="text-sm font-semibold text-primary-700 dark:text-primary-100">{t('order.lineUnavailable')}</p>
                  ) : null}
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <button type="submit" name="intent" value={`dec:${index}`} className={smallButton} aria-label={t('order.less', { name })}>
                      −
                    </button>
                    <span className="min-w-8 text-center tabular-nums" aria-label={t('order.quantityOf', { name, quantity: line.quantity })}>
                      {line.quantity}
                    </span>
                    <button type="submit" name="intent" value={`inc:${index}`} className={smallButton} aria-label={t('order.more', { name })}>
                      +
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value={`remove:${index}`}
                      className="ml-auto inline-flex min-h-11 items-center px-2 font-medium text-primary-700 underline dark:text-primary-100"
                      aria-label={t('order.removeNamed', { name })}
                    >
                      {t('order.remove')}
                    </button>
                  </div>
                  <label htmlFor={`cart-note-${index}`} className="mt-2 block text-sm font-medium">
                    {t('order.noteLabel', { name })}
                  </label>
                  <input
                    id={`cart-note-${index}`}
                    name={`note-${index}`}
                    maxLength={140}
                    defaultValue={values.notes?.[index] ?? line.note ?? ''}
                    className={input}
                    {...fieldProps(`note-${index}`)}
                  />
                  <FieldError field={`note-${index}`} />
                </li>
              );
            })}
          </ul>
          {/* one message about allergies: what the order contains, then the question to the kitchen */}
          <AllergyQuestion present={data.allergens} declared={declared} note={values.allergyNote ?? data.allergyNote} error={errorFor('allergyNote') ?? errorFor('allergy')} />
          <p className="mt-4 flex justify-between text-xl font-bold tabular-nums">
            <span>{t('order.total')}</span>
            <span data-testid="cart-total">{price(data.totalMinor)}</span>
          </p>
          <input type="hidden" name="total" value={String(data.totalMinor)} />
          {data.kinds.dineIn && data.kinds.pickup ? (
            <fieldset className="mt-6">
              <legend className="font-semibold">{t('order.kindLegend')}</legend>
              {(['dineIn', 'pickup'] as const).map((value) => (
                <label key={value} className="mt-2 flex min-h-11 items-center gap-2">
                  <input type="radio" name="kind" value={value} defaultChecked={kind === value} className="h-5 w-5 accent-primary-700" />
                  {t(value === 'dineIn' ? 'order.kindDineIn' : 'order.kindPickup')}
                </label>
              ))}
            </fieldset>
          ) : (
            <input type="hidden" name="kind" value={data.kinds.dineIn ? 'dineIn' : 'pickup'} />
          )}
          {data.kinds.dineIn ? (
            <div className="mt-6" data-testid="table-info">
              {data.table ? (
                <p className="font-medium">{t('order.atTable', { table: data.table })}</p>
              ) : (
                <>
                  <p className="text-sm text-stone-700 dark:text-stone-300">{t(data.tableCodeInvalid ? 'order.tableCodeInvalid' : 'order.tableCodeMissing')}</p>
                  <label htmlFor="cart-table" className="mt-2 block font-medium">
                    {t('order.tableCodeLabel')}
                  </label>
                  <input id="cart-table" name="table" autoComplete="off" maxLength={64} defaultValue={values.table ?? ''} className={input} {...fieldProps('table')} />
                  <FieldError field="table" />
                </>
              )}
            </div>
          ) : null}
          {data.kinds.pickup ? (
            <fieldset className="mt-6 space-y-3" data-testid="pickup-fields">
              <legend className="font-semibold">{t('order.pickupLegend')}</legend>
              {/* the owner's note is about pickup ("ready in about 20 minutes"): shown with pickup only (issue 33 item 17) */}
              {data.note ? (
                <p className="text-stone-800 dark:text-stone-200" data-testid="pickup-note">
                  {data.note}
                </p>
              ) : null}
              <div>
                <label htmlFor="cart-name" className="block font-medium">
                  {t('order.name')}
                </label>
                <input id="cart-name" name="name" autoComplete="name" maxLength={80} defaultValue={values.name ?? ''} className={input} {...fieldProps('name')} />
                <FieldError field="name" />
              </div>
              <div>
                <label htmlFor="cart-phone" className="block font-medium">
                  {t('order.phone')}
                </label>
                <input id="cart-phone" name="phone" type="tel" autoComplete="tel" maxLength={24} defaultValue={values.phone ?? ''} className={input} {...fieldProps('phone')} />
                <FieldError field="phone" />
              </div>
              <div>
                <label htmlFor="cart-time" className="block font-medium">
                  {t('order.pickupTime')}
                </label>
                <input
                  id="cart-time"
                  name="pickupTime"
                  type="time"
                  step={300}
                  defaultValue={values.pickupTime ?? data.earliestPickup}
                  className={input}
                  {...fieldProps('pickupTime')}
                />
                <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                  {data.todayHours === null
                    ? null
                    : data.todayHours.length === 0
                      ? t('order.closedToday')
                      : t('order.hoursToday', { hours: data.todayHours.map(([from, to]) => `${from}–${to}`).join(', ') })}
                </p>
                <FieldError field="pickupTime" />
              </div>
              <p className="text-sm text-stone-700 dark:text-stone-300">{t('order.contactKept')}</p>
            </fieldset>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="send"
            disabled={data.state !== 'open'}
            className="mt-6 inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-primary-700 px-4 text-lg font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
          >
            {result?.priceChangedTotal ? t('order.confirmSend', { total: price(data.totalMinor) }) : t('order.send')}
          </button>
        </form>
      )}
    </main>
  );
}

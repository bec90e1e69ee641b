import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '#app/i18n/localized.ts';
import { optionPriceText, type LineOptionView } from '#app/modules/ordering/order-line-details.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import { AllergyLineFlag, DeclaredAllergies } from './allergy-warning.tsx';
import liveStatusScript from '#app/ui/live-status.js?url';

/**
 * The guest's order page (decision 0032): where the order is (received → accepted → ready →
 * served, or declined with the reason), its lines and total. Sent as HTML; a small script follows
 * the order's live stream and redraws the part that changed (#order-live) from the page itself, so
 * every word stays the server's. Without JavaScript the page refreshes itself every 30 s and has a
 * refresh link.
 */

export interface OrderViewData {
  locale: 'ro' | 'en';
  restaurantName: string;
  number: number;
  status: string;
  kind: string;
  tableLabel: string | null;
  pickupTime: string | null;
  etaMinutes: number | null;
  declineReason: string | null;
  currency: string;
  totalMinor: number;
  /** each line's chosen options, and the declared allergies it contains (issue 35) */
  /** `cancelled`: taken back by the staff (issue 36): struck through, out of the total */
  lines: { name: string; quantity: number; unitPriceMinor: number; note: string | null; options: LineOptionView[]; flagged: AllergenKey[]; cancelled: boolean }[];
  /** what the guest asked the kitchen to know (empty once erased with the contact details) */
  allergies: AllergenKey[];
  allergyNote: string | null;
  placedAt: string;
  /** when the order last changed (a status, an estimate, a line taken back): the live script compares it */
  updatedAt: string;
  liveUrl: string;
  selfUrl: string;
  menuHref: string;
}

const STEPS = ['received', 'accepted', 'ready', 'served'] as const;
const FINAL = new Set(['served', 'declined']);

// i18n-keys: order.status.* order.step.* allergen.*
function statusText(t: TFunction, data: OrderViewData): string {
  if (data.status === 'accepted') return data.etaMinutes ? t('order.status.acceptedEta', { count: data.etaMinutes }) : t('order.status.accepted');
  if (data.status === 'ready') return t(data.kind === 'pickup' ? 'order.status.readyPickup' : 'order.status.readyTable');
  if (data.status === 'declined') return data.declineReason ? t('order.status.declinedReason', { reason: data.declineReason }) : t('order.status.declined');
  if (data.status === 'served') return t('order.status.served');
  return t('order.status.received');
}

export function OrderView({ data }: { data: OrderViewData }) {
  const { t } = useTranslation();
  const price = (minor: number) => formatPrice(minor, data.currency, data.locale);
  const reached = STEPS.indexOf(data.status as (typeof STEPS)[number]);
  const final = FINAL.has(data.status);
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 pt-6 pb-16">
      {final ? null : (
        <noscript>
          <meta httpEquiv="refresh" content="30" />
        </noscript>
      )}
      <p className="text-sm text-stone-700 dark:text-stone-300">{data.restaurantName}</p>
      <h1 className="mt-1 text-3xl font-bold">{t('order.orderTitle', { number: data.number })}</h1>
      <p className="mt-1 text-stone-700 dark:text-stone-300">
        {data.kind === 'pickup' ? t('order.pickupAt', { time: data.pickupTime ?? '' }) : t('order.atTable', { table: data.tableLabel ?? '' })}
      </p>
      {/* what the live script redraws: the state and its steps */}
      <div id="order-live" data-live-box="" data-status={data.status} data-eta={String(data.etaMinutes)} data-updated={data.updatedAt} data-live={final ? undefined : data.liveUrl}>
        <p role="status" className="mt-4 rounded-lg border-2 border-primary-700 p-4 text-lg font-semibold" data-testid="order-status">
          {statusText(t, data)}
        </p>
        {data.status === 'declined' ? null : (
          <ol className="mt-4 grid grid-cols-4 gap-1 text-center text-sm" aria-label={t('order.progress')}>
            {STEPS.map((step, index) => (
              <li
                key={step}
                aria-current={index === reached ? 'step' : undefined}
                className={`rounded-md px-1 py-2 ${index <= reached ? 'bg-primary-700 font-semibold text-white' : 'bg-stone-200 text-stone-800 dark:bg-stone-800 dark:text-stone-200'}`}
              >
                {t(`order.step.${step}`)}
              </li>
            ))}
          </ol>
        )}
      </div>
      <a href={data.selfUrl} className="mt-3 inline-flex min-h-11 items-center font-medium text-primary-700 underline dark:text-primary-100" data-refresh="">
        {t('order.refresh')}
      </a>
      <h2 className="mt-6 text-xl font-semibold">{t('order.yourOrder')}</h2>
      {data.allergies.length > 0 || data.allergyNote ? (
        <DeclaredAllergies
          className="mt-2"
          title={t('order.allergiesDeclared', { allergens: data.allergies.map((key) => t(`allergen.${key}`)).join(', ') || '—' })}
          note={data.allergyNote ? t('order.noteShown', { note: data.allergyNote }) : null}
        />
      ) : null}
      {/* redrawn by the live script with the state: a line the staff take back is struck through without a reload */}
      <div id="order-lines" data-live-part="">
        <ul className="mt-2 divide-y divide-stone-200 border-y border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {data.lines.map((line, index) => (
            <li key={index} className="py-2" data-testid="order-line" data-cancelled={line.cancelled ? '' : undefined}>
              {line.cancelled ? (
                <div className="flex justify-between gap-3 text-stone-700 dark:text-stone-300">
                  <span>
                    <s>{`${line.quantity} × ${line.name}`}</s> <span className="font-semibold">{t('order.lineCancelled')}</span>
                  </span>
                  <s className="tabular-nums">{price(line.unitPriceMinor * line.quantity)}</s>
                </div>
              ) : (
                <div className="flex justify-between gap-3">
                  <span>{`${line.quantity} × ${line.name}`}</span>
                  <span className="tabular-nums">{price(line.unitPriceMinor * line.quantity)}</span>
                </div>
              )}
              {line.options.length > 0 ? (
                <ul aria-label={t('order.optionsChosen')} className="pl-5 text-sm text-stone-700 dark:text-stone-300">
                  {line.options.map((option, at) => {
                    const change = optionPriceText(option, data.currency, data.locale);
                    return <li key={at}>{`${option.group}: ${option.name}${change ? ` (${change})` : ''}`}</li>;
                  })}
                </ul>
              ) : null}
              {line.note ? <p className="text-sm text-stone-700 dark:text-stone-300">{t('order.noteShown', { note: line.note })}</p> : null}
              {line.flagged.length > 0 ? (
                <AllergyLineFlag testId="order-line-flag" text={t('order.lineFlag', { allergens: line.flagged.map((key) => t(`allergen.${key}`)).join(', ') })} />
              ) : null}
            </li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between text-xl font-bold tabular-nums">
          <span>{t('order.total')}</span>
          <span>{price(data.totalMinor)}</span>
        </p>
      </div>
      <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">{t('order.keepLink')}</p>
      <a href={data.menuHref} className="mt-2 inline-flex min-h-11 items-center font-medium text-primary-700 underline dark:text-primary-100">
        {t('order.backToMenu')}
      </a>
      <script src={liveStatusScript} defer />
    </main>
  );
}

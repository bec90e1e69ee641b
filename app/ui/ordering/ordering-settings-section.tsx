import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import type { OrderingSettingsPage } from '#app/modules/ordering/ordering-page.types.ts';
import { ORDERING_LIMITS } from '#app/modules/ordering/ordering-settings.schema.ts';
import { CheckboxField, Fieldset, FormAlert, primaryButton, secondaryButton, TextArea, TextField } from '#app/ui/editor/fields.tsx';

type PageLocation = OrderingSettingsPage['locations'][number];

/** What the last refused save of one location handed back: its message, field errors and what was typed. */
export interface RefusedSave {
  error: string;
  stale: boolean;
  fieldErrors: Record<string, string>;
  values: Record<string, unknown>;
}

const TABLES_SHOWN = 12;

/** The values a location's form starts with: what was typed in a refused save, else what is stored. */
function formStart(location: PageLocation, refused: RefusedSave | undefined) {
  const s = location.settings;
  if (refused) {
    const text = (name: string) => (typeof refused.values[name] === 'string' ? (refused.values[name] as string) : '');
    const on = (name: string) => refused.values[name] === 'on';
    return {
      ordersEnabled: on('ordersEnabled'),
      dineIn: on('dineIn'),
      pickup: on('pickup'),
      reservationsEnabled: on('reservationsEnabled'),
      autoAccept: on('autoAccept'),
      slotMinutes: text('slotMinutes'),
      maxPartySize: text('maxPartySize'),
      leadMinutes: text('leadMinutes'),
      daysAhead: text('daysAhead'),
      capacityPerSlot: text('capacityPerSlot'),
      guestNoteRo: text('guestNoteRo'),
      guestNoteEn: text('guestNoteEn'),
      orderCeiling: text('orderCeiling'),
      reservationHourCeiling: text('reservationHourCeiling'),
      reservationDayCeiling: text('reservationDayCeiling'),
      reservationContactCeiling: text('reservationContactCeiling'),
    };
  }
  return {
    ordersEnabled: s.ordersEnabled,
    dineIn: s.dineIn,
    pickup: s.pickup,
    reservationsEnabled: s.reservationsEnabled,
    autoAccept: s.autoAccept,
    slotMinutes: String(s.slotMinutes),
    maxPartySize: String(s.maxPartySize),
    leadMinutes: String(s.leadMinutes),
    daysAhead: String(s.daysAhead),
    capacityPerSlot: String(s.capacityPerSlot),
    guestNoteRo: s.guestNoteRo ?? '',
    guestNoteEn: s.guestNoteEn ?? '',
    orderCeiling: String(s.orderCeiling),
    reservationHourCeiling: String(s.reservationHourCeiling),
    reservationDayCeiling: String(s.reservationDayCeiling),
    reservationContactCeiling: String(s.reservationContactCeiling),
  };
}

// i18n-keys: orderingSettings.slotMinutes orderingSettings.maxPartySize orderingSettings.leadMinutes orderingSettings.daysAhead orderingSettings.capacityPerSlot
// i18n-keys: orderingSettings.orderCeiling orderingSettings.reservationHourCeiling orderingSettings.reservationDayCeiling orderingSettings.reservationContactCeiling
/**
 * One location's ordering and reservation settings (issue 25 item 1): the versioned form (decision
 * 0015: its hidden `version` makes a stale tab's save a refusal), the pause switch beside it, and
 * the tables whose QR codes carry dine-in orders.
 */
export function OrderingLocationSettings({ location, slug, refused }: { location: PageLocation; slug: string; refused: RefusedSave | undefined }) {
  const { t } = useTranslation();
  const { settings } = location;
  const start = formStart(location, refused);
  const errors = refused?.fieldErrors ?? {};
  const headingId = `ordering-${location.locationId}`;
  const number = (name: keyof typeof ORDERING_LIMITS, hint?: string) => (
    <TextField label={t(`orderingSettings.${name}`)} name={name} inputMode="numeric" defaultValue={start[name]} error={errors[name]} hint={hint} />
  );
  const ceiling = (name: 'orderCeiling' | 'reservationHourCeiling' | 'reservationDayCeiling' | 'reservationContactCeiling') =>
    number(name, t('orderingSettings.ceilingHint', { min: ORDERING_LIMITS[name][0], max: ORDERING_LIMITS[name][1] }));
  const shownTables = location.tables.slice(0, TABLES_SHOWN).join(', ');
  const tablesList = location.tables.length > TABLES_SHOWN ? t('orderingSettings.tablesMore', { list: shownTables, count: location.tables.length - TABLES_SHOWN }) : shownTables;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-[var(--radius-card)] border border-stone-200 p-4 dark:border-stone-800" data-testid="ordering-location">
      <h3 id={headingId} className="text-lg font-semibold">
        {location.name}
      </h3>

      {settings.version > 0 && settings.ordersEnabled ? (
        <Form method="post" className="flex flex-wrap items-center gap-3" data-testid="ordering-pause">
          <input type="hidden" name="locationId" value={location.locationId} />
          <input type="hidden" name="intent" value={settings.paused ? 'resume' : 'pause'} />
          <p className={settings.paused ? 'font-semibold text-primary-800 dark:text-primary-100' : 'text-stone-700 dark:text-stone-300'}>
            {settings.paused ? t('orderingSettings.pauseStatePaused') : t('orderingSettings.pauseStateOpen')}
          </p>
          <button type="submit" className={secondaryButton}>
            {settings.paused ? t('orderingSettings.resume') : t('orderingSettings.pause')}
          </button>
          <p className="w-full text-sm text-stone-600 dark:text-stone-400">{t('orderingSettings.pauseHint')}</p>
        </Form>
      ) : null}

      {/* a successful save moves the version: the form starts afresh from what was stored */}
      <Form method="post" key={`${settings.version}-${refused ? 'refused' : 'stored'}`} className="space-y-4" noValidate>
        <FormAlert error={refused?.error} stale={refused?.stale} />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="locationId" value={location.locationId} />
        <input type="hidden" name="version" value={String(settings.version)} />
        <Fieldset legend={t('orderingSettings.orders')}>
          <CheckboxField label={t('orderingSettings.ordersEnabled')} name="ordersEnabled" defaultChecked={start.ordersEnabled} />
          <CheckboxField label={t('orderingSettings.dineIn')} name="dineIn" defaultChecked={start.dineIn} aria-invalid={Boolean(errors.dineIn)} />
          <CheckboxField label={t('orderingSettings.pickup')} name="pickup" defaultChecked={start.pickup} />
          {errors.dineIn ? <p className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">{errors.dineIn}</p> : null}
          <div className="mt-2 grid gap-4 sm:grid-cols-2">{ceiling('orderCeiling')}</div>
          <div className="mt-3 rounded-lg bg-stone-100 p-3 dark:bg-stone-800" data-testid="ordering-tables">
            <p className="font-medium">{t('orderingSettings.tablesHeading')}</p>
            <p className="mt-1 text-stone-700 dark:text-stone-300">
              {location.tables.length === 0 ? t('orderingSettings.noTables') : t('orderingSettings.tablesCount', { count: location.tables.length, list: tablesList })}
            </p>
            <Link to={`/${slug}/admin/tables`} className="mt-1 inline-flex min-h-11 items-center font-medium text-primary-700 underline underline-offset-2 dark:text-primary-100">
              {t('orderingSettings.tablesLink')}
            </Link>
          </div>
        </Fieldset>
        <Fieldset legend={t('orderingSettings.reservations')}>
          <CheckboxField label={t('orderingSettings.reservationsEnabled')} name="reservationsEnabled" defaultChecked={start.reservationsEnabled} />
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            {number('slotMinutes', t('orderingSettings.slotMinutesHint'))}
            {number('maxPartySize')}
            {number('leadMinutes', t('orderingSettings.leadMinutesHint'))}
            {number('daysAhead')}
            {number('capacityPerSlot', t('orderingSettings.capacityPerSlotHint'))}
            {ceiling('reservationHourCeiling')}
            {ceiling('reservationDayCeiling')}
            {ceiling('reservationContactCeiling')}
          </div>
          <CheckboxField className="mt-2" label={t('orderingSettings.autoAccept')} name="autoAccept" defaultChecked={start.autoAccept} />
        </Fieldset>
        <Fieldset legend={t('orderingSettings.guestNote')}>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('orderingSettings.guestNoteHint')}</p>
          <div className="mt-2 grid gap-4 sm:grid-cols-2">
            <TextArea label={t('orderingSettings.guestNoteRo')} name="guestNoteRo" defaultValue={start.guestNoteRo} error={errors.guestNoteRo} maxLength={500} lang="ro" />
            <TextArea label={t('orderingSettings.guestNoteEn')} name="guestNoteEn" defaultValue={start.guestNoteEn} error={errors.guestNoteEn} maxLength={500} lang="en" />
          </div>
        </Fieldset>
        <button type="submit" className={primaryButton}>
          {t('orderingSettings.save', { location: location.name })}
        </button>
      </Form>
    </section>
  );
}

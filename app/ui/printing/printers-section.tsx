import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import type { PrinterView, StationChoice } from '#app/modules/printing/printing.types.ts';
import { PRINTER_LIMITS } from '#app/modules/printing/printing.types.ts';
import { Fieldset, FormAlert, primaryButton, secondaryButton, SelectField, TextField } from '#app/ui/editor/fields.tsx';

/** What the last printer action handed back to this location: the new address (shown once) or the refusal. */
export interface PrinterOutcome {
  printerId?: string;
  address?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
}

/**
 * "Imprimante" on a location's ordering settings (issue 36 item 3, decision 0036): each printer with
 * the station it prints for (or the bill copy), whether it polled lately, its tickets waiting, a new
 * token, removal; the form adding one. A printer's address holds its token and is shown once.
 */
export function PrintersSection({
  locationId,
  printers,
  stations,
  outcome,
}: {
  locationId: string;
  printers: PrinterView[];
  stations: StationChoice[];
  outcome: PrinterOutcome | undefined;
}) {
  const { t } = useTranslation();
  const stationName = (id: string | null) => (id === null ? t('printers.billCopy') : (stations.find((station) => station.id === id)?.name ?? '—'));
  const headingId = `printers-${locationId}`;
  return (
    <Fieldset legend={t('printers.title')}>
      <div aria-labelledby={headingId} className="space-y-4" data-testid="printers">
        <p id={headingId} className="max-w-prose text-sm text-stone-700 dark:text-stone-300">
          {t('printers.intro')}
        </p>
        {printers.length === 0 ? <p className="text-sm text-stone-600 dark:text-stone-400">{t('printers.none')}</p> : null}
        <ul className="space-y-3">
          {printers.map((printer) => (
            <li key={printer.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800" data-testid="printer-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">{printer.name}</p>
                <p className={printer.online ? 'font-medium text-green-800 dark:text-green-300' : 'font-medium text-stone-700 dark:text-stone-300'} data-testid="printer-status">
                  {printer.online ? t('printers.online') : t('printers.offline')}
                </p>
              </div>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {stationName(printer.stationId)} · {t('printers.paper', { mm: printer.paperWidth === 32 ? 58 : 80 })}
              </p>
              <p className="text-sm text-stone-700 dark:text-stone-300">
                {printer.lastPollLocal ? t('printers.lastPoll', { time: printer.lastPollLocal }) : t('printers.neverPolled')} · {t('printers.waiting', { count: printer.waiting })}
              </p>
              {outcome?.printerId === printer.id && outcome.address ? (
                <div className="mt-2 rounded-lg border border-amber-600 bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50" role="status">
                  <label className="block font-medium" htmlFor={`printer-address-${printer.id}`}>
                    {t('printers.addressOnce')}
                  </label>
                  {/* the whole address in sight, wrapped: on a phone one line showed a third of it, and it is often typed into the printer's page by hand */}
                  <textarea
                    id={`printer-address-${printer.id}`}
                    readOnly
                    rows={3}
                    value={outcome.address}
                    className="mt-1 w-full resize-none rounded border border-stone-400 bg-white p-2 font-mono text-sm break-all text-stone-900"
                    data-testid="printer-address"
                  />
                </div>
              ) : null}
              <div className="mt-2 flex flex-wrap gap-2">
                <Form method="post">
                  <input type="hidden" name="locationId" value={locationId} />
                  <input type="hidden" name="printerId" value={printer.id} />
                  <button type="submit" name="intent" value="printer-token" className={secondaryButton}>
                    {t('printers.newToken')}
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="locationId" value={locationId} />
                  <input type="hidden" name="printerId" value={printer.id} />
                  <button type="submit" name="intent" value="printer-delete" className={secondaryButton}>
                    {t('printers.remove')}
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
        {/* keyed by the printers' count: an added printer empties the form, so a second tap does not add it twice */}
        <Form key={printers.length} method="post" className="grid gap-3 sm:grid-cols-3">
          <input type="hidden" name="locationId" value={locationId} />
          <TextField label={t('printers.name')} name="name" required maxLength={PRINTER_LIMITS.maxName} error={outcome?.fieldErrors?.name} />
          <SelectField label={t('printers.station')} name="stationId" defaultValue={stations[0]?.id ?? ''}>
            {stations.map((station) => (
              <option key={station.id} value={station.id}>
                {station.name}
              </option>
            ))}
            <option value="">{t('printers.billCopy')}</option>
          </SelectField>
          <SelectField label={t('printers.paperLabel')} name="paperWidth" defaultValue="48">
            <option value="48">{t('printers.paper', { mm: 80 })}</option>
            <option value="32">{t('printers.paper', { mm: 58 })}</option>
          </SelectField>
          <div className="sm:col-span-3">
            <FormAlert error={outcome?.error} />
            <button type="submit" name="intent" value="printer-add" className={primaryButton}>
              {t('printers.add')}
            </button>
          </div>
        </Form>
      </div>
    </Fieldset>
  );
}

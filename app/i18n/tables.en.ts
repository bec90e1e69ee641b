import type { DeepStrings } from './ro.ts';
import type { tablesRo } from './tables.ro.ts';

/** English strings of the per-table QR codes, spread into en.ts. */
export const tablesEn: DeepStrings<typeof tablesRo> = {
  tables: {
    tab: 'Tables',
    title: 'Tables and QR codes',
    description: 'The tables or areas of each location, each with its own QR code.',
    heading: 'Tables and table QR codes',
    intro: 'Each table gets a permanent QR code that opens the menu of its location. You can then see which table the menu was scanned at.',
    noLocations: 'Add a location to the menu first; then add its tables here.',
    newLabel: 'New tables in {{location}}',
    placeholder: 'for example Terrace 1–12',
    hint: 'One table (“Bar”, “Table 5”) or a numbered run: “Terrace 1–12” adds 12 tables.',
    add: 'Add',
    none: 'No tables yet.',
    delete: 'Delete {{label}}',
    added_one: 'Added one table.',
    added_few: 'Added {{count}} tables.',
    added_other: 'Added {{count}} tables.',
    deleted: 'The table was deleted; its code no longer opens the menu.',
    downloadAll_one: 'The table’s card (PDF)',
    downloadAll_few: 'Cards for all {{count}} tables (PDF)',
    downloadAll_other: 'Cards for all {{count}} tables (PDF)',
    downloadLocation: 'Cards of {{location}} (PDF)',
  },
};

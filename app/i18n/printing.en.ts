/** English strings of the printers that print by themselves (issue 36, decision 0036), spread into en.ts. */
export const printingEn = {
  printers: {
    title: 'Printers',
    intro:
      'A Star receipt printer with CloudPRNT (TSP143IV, mC-Print3) prints its station’s tickets by itself: it asks the server every few seconds whether there is something to print. Without a station it prints each order’s bill copy with prices. The PDF ticket on the orders board stays at hand.',
    none: 'No printer yet.',
    billCopy: 'The bill (with prices)',
    online: 'Online',
    offline: 'Offline',
    paper: '{{mm}} mm paper',
    paperLabel: 'Paper',
    lastPoll: 'Last contact: {{time}}',
    neverPolled: 'Not connected yet',
    waiting_one: '{{count}} ticket waiting',
    waiting_few: '{{count}} tickets waiting',
    waiting_other: '{{count}} tickets waiting',
    addressOnce:
      'The printer’s CloudPRNT address: copy it into its settings now (Star: CloudPRNT, Server URL). You see it only once; “New token” makes another and stops this one.',
    newToken: 'New token',
    remove: 'Remove printer',
    name: 'Printer name',
    station: 'What it prints',
    add: 'Add printer',
    added: 'The printer was added to {{location}}.',
    renewed: 'The printer has a new address; the old one no longer works.',
    removed: 'The printer “{{name}}” was removed.',
  },
  printing: {
    ticket: {
      added: 'ADDED',
      cancelled: 'CANCELLED',
    },
  },
};

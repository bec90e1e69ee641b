/** English strings of the calls from the table (issue 36 item 5); spread into en.ts. */
export const tableCallsEn = {
  tableCalls: {
    menuLink: 'Call the waiter',
    title: 'Call the waiter',
    atTable: '{{table}} at {{restaurant}}',
    waiter: 'Call the waiter',
    billCash: 'Ask for the bill, paying cash',
    billCard: 'Ask for the bill, paying by card',
    once: 'You can call once every two minutes. The staff see your call at once.',
    sent: {
      waiter: 'The waiter has been told and is coming to your table.',
      'bill-cash': 'We asked for your bill. The waiter brings it; you pay cash.',
      'bill-card': 'We asked for your bill. The waiter brings it with the card terminal.',
    },
    noTable: 'To call the waiter, scan the QR code on your table: that is how we know where to come.',
    strip: 'Calls from tables',
    kind: {
      waiter: 'calls the waiter',
      'bill-cash': 'asks for the bill (cash)',
      'bill-card': 'asks for the bill (card)',
    },
    clear: 'Done',
    clearLabel: 'Done: {{table}}, {{kind}}',
    clearedDone: 'The call from {{table}} is answered.',
  },
};

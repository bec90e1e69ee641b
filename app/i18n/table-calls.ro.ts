/** Romanian strings of the calls from the table (issue 36 item 5): the guest's page and the staff's strip; spread into ro.ts. */
export const tableCallsRo = {
  tableCalls: {
    menuLink: 'Cheamă ospătarul',
    title: 'Cheamă ospătarul',
    atTable: '{{table}}, {{restaurant}}',
    waiter: 'Cheamă ospătarul',
    billCash: 'Cere nota, plătesc numerar',
    billCard: 'Cere nota, plătesc cu cardul',
    once: 'Poți chema o dată la două minute. Ospătarul vede chemarea imediat.',
    sent: {
      waiter: 'Ospătarul a fost anunțat și vine la masa ta.',
      'bill-cash': 'Am cerut nota. Ospătarul o aduce; vei plăti numerar.',
      'bill-card': 'Am cerut nota. Ospătarul o aduce cu terminalul de card.',
    },
    noTable: 'Ca să chemi ospătarul, scanează codul QR de pe masa ta: așa știm unde să vină.',
    strip: 'Chemări de la mese',
    kind: {
      waiter: 'cheamă ospătarul',
      'bill-cash': 'cere nota (numerar)',
      'bill-card': 'cere nota (card)',
    },
    clear: 'Rezolvat',
    clearLabel: 'Rezolvat: {{table}}, {{kind}}',
    clearedDone: 'Chemarea de la {{table}} a fost rezolvată.',
  },
};

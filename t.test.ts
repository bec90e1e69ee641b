import { it } from 'vitest';
import { ticketDocument } from '#app/modules/printing/ticket-document.ts';
it('x', () => {
  console.log(
    ticketDocument({
      kind: 'ticket',
      restaurantName: 'B',
      locationName: 'S',
      stationName: 'Bucătărie',
      number: 12,
      serviceDay: '2026-11-28',
      placedAt: '12:03',
      orderKind: 'dineIn',
      tableLabel: 'Masa 4',
      customerName: null,
      pickupTime: null,
      allergies: ['milk'],
      allergyNote: 'x',
      lines: [],
      currency: 'RON',
    }),
  );
});

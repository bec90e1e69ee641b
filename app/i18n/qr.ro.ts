/** Romanian strings of the qr feature of the restaurant admin, spread into ro.ts. */
export const qrRo = {
  qr: {
    title: 'Cod QR',
  },
};

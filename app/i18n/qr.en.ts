import type { DeepStrings } from './ro.ts';
import type { qrRo } from './qr.ro.ts';

export const qrEn: DeepStrings<typeof qrRo> = {
  qr: {
    title: 'QR code',
  },
};

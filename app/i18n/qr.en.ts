import type { DeepStrings } from './ro.ts';
import type { qrRo } from './qr.ro.ts';

export const qrEn: DeepStrings<typeof qrRo> = {
  qr: {
    title: 'QR code',
    description: 'Your menu’s QR code: preview, downloads and printable table cards.',
    heading: 'Your menu’s QR code',
    intro: 'Put the code on tables, in the window or on flyers. Guests scan it with their phone’s camera and land straight on the menu.',
    previewLabel: 'Preview',
    svgTitle: 'QR code that opens the menu of {{name}}: {{url}}',
    linkHeading: 'Short link',
    linkHelp: 'The QR code opens this link. You can also send it in a message or share it on social media.',
    permanent: 'The link and the code keep working after you change your menu’s address: there is nothing to reprint.',
    copy: 'Copy link',
    copied: 'Link copied.',
    copyFailed: 'The link could not be copied. Select it and copy it by hand.',
    downloadsHeading: 'Download',
    downloadsHelp: 'Print at actual size (100%) and try scanning with your phone before printing many.',
    downloadSvg: 'QR code, SVG',
    downloadSvgHint: 'vector, for a print shop or designer',
    downloadPng: 'QR code, PNG',
    downloadPngHint: '{{size}} px, for printing',
    downloadCardA6: 'A6 table card, PDF',
    downloadCardA6Hint: 'one card, 10.5 × 14.8 cm',
    downloadCardA4: 'Table cards on A4, PDF',
    downloadCardA4Hint: 'four A6 cards on one sheet, to cut apart',
    cardCallToAction: 'Scan for the menu',
    tableCardsDocumentTitle: 'table cards with their QR codes',
    cardDocumentTitle: 'table card with the menu’s QR code',
  },
};

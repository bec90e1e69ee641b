/** The files the QR page offers, by the last segment of their address; safe to import in the browser. */
export const QR_DOWNLOAD_FORMATS = ['qr.svg', 'qr.png', 'card-a6.pdf', 'card-a4.pdf'] as const;
export type QrDownloadFormat = (typeof QR_DOWNLOAD_FORMATS)[number];

export function isQrDownloadFormat(value: unknown): value is QrDownloadFormat {
  return typeof value === 'string' && (QR_DOWNLOAD_FORMATS as readonly string[]).includes(value);
}

/** Where a download is served: `/{slug}/admin/qr/{format}`. */
export function qrDownloadPath(slug: string, format: QrDownloadFormat): string {
  return `/${slug}/admin/qr/${format}`;
}

/** The saved file's name, e.g. `bistro-la-bunica-qr.svg`: the slug says which restaurant it is for. */
export function qrDownloadFilename(slug: string, format: QrDownloadFormat): string {
  return `${slug}-${format}`;
}

import { useTranslation } from 'react-i18next';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { qrDownloadFilename, qrDownloadPath, type QrDownloadFormat } from '#app/modules/qr/qr-downloads.ts';
import { getQrPage, qrLinkOrigin } from '#app/modules/qr/qr.service.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import { CopyLinkButton } from '#app/ui/qr/copy-link-button.tsx';
import type { Route } from './+types/restaurant-admin.qr';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'qr.title', 'qr.description');

/** The menu's QR code: preview, the permanent short link, and the downloads. */
export const loader = restaurantRoute('qr.manage', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  return getQrPage(owner, { origin: qrLinkOrigin(), locale: getRequestLocale(request) });
});

const DOWNLOADS: { format: QrDownloadFormat; label: string; hint: string }[] = [
  { format: 'card-a6.pdf', label: 'qr.downloadCardA6', hint: 'qr.downloadCardA6Hint' },
  { format: 'card-a4.pdf', label: 'qr.downloadCardA4', hint: 'qr.downloadCardA4Hint' },
  { format: 'qr.png', label: 'qr.downloadPng', hint: 'qr.downloadPngHint' },
  { format: 'qr.svg', label: 'qr.downloadSvg', hint: 'qr.downloadSvgHint' },
];

export default function QrPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { slug, shortUrl, svg, pngSizePx } = loaderData;
  return (
    <section aria-labelledby="qr-title">
      <h2 id="qr-title" className="text-xl font-semibold">
        {t('qr.heading')}
      </h2>
      <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{t('qr.intro')}</p>

      <div className="mt-6 grid gap-8 md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)] md:items-start">
        <figure className="mx-auto w-full max-w-72 rounded-[10px] border border-stone-200 bg-white p-3 shadow-sm dark:border-stone-700">
          {/* generated on the server from our own link, every text XML-escaped */}
          <div className="aspect-square [&>svg]:block [&>svg]:h-full [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
          <figcaption className="sr-only">{t('qr.previewLabel')}</figcaption>
        </figure>

        <div className="min-w-0 space-y-8">
          <section aria-labelledby="qr-link-title" className="space-y-3">
            <h3 id="qr-link-title" className="text-lg font-semibold">
              {t('qr.linkHeading')}
            </h3>
            <p className="text-stone-700 dark:text-stone-300">{t('qr.linkHelp')}</p>
            <p className="break-all rounded-lg border border-stone-300 bg-white px-3 py-2 font-mono text-base dark:border-stone-700 dark:bg-stone-900">
              <a href={shortUrl} target="_blank" rel="noopener" className="underline decoration-stone-400 underline-offset-4 hover:decoration-primary-600">
                {shortUrl}
              </a>
            </p>
            <CopyLinkButton url={shortUrl} />
            <p className="rounded-lg bg-olive-600/10 p-3 text-stone-800 dark:bg-olive-600/20 dark:text-stone-200">{t('qr.permanent')}</p>
          </section>

          <section aria-labelledby="qr-downloads-title" className="space-y-3">
            <h3 id="qr-downloads-title" className="text-lg font-semibold">
              {t('qr.downloadsHeading')}
            </h3>
            <p className="text-stone-700 dark:text-stone-300">{t('qr.downloadsHelp')}</p>
            <ul className="grid gap-2 sm:grid-cols-2">
              {DOWNLOADS.map(({ format, label, hint }) => (
                <li key={format}>
                  <a
                    href={qrDownloadPath(slug, format)}
                    download={qrDownloadFilename(slug, format)}
                    className="flex min-h-11 flex-col justify-center rounded-lg border border-stone-300 bg-white px-4 py-2 hover:border-primary-600 hover:bg-primary-50 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800"
                  >
                    <span className="font-semibold text-primary-800 dark:text-primary-100">{t(label)}</span>
                    <span className="text-sm text-stone-700 dark:text-stone-300">{t(hint, { size: pngSizePx })}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </section>
  );
}

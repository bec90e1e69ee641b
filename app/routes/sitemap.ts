import { getDb } from '#app/db/db.server.ts';
import { getPublicUrl } from '#app/env.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { listPublishedMenusForSitemap } from '#app/modules/guest-menu/menu.service.server.ts';
import { offeredLanguages, parseLanguageList } from '#app/modules/translation/content-language.ts';

const PUBLIC_PAGES = ['/', '/pricing', '/detalii', '/contact', '/privacy-policy', '/terms-of-service'];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);
}

/** The public pages and every menu guests can currently see. */
export const loader = publicRoute(async () => {
  const base = getPublicUrl();
  const restaurants = await listPublishedMenusForSitemap(getDb());
  const urls = [
    ...PUBLIC_PAGES.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
    ...restaurants.map((r) => {
      const menu = `${base}/${r.slug}`;
      // every offered language is an alternate of the menu (issue 16); the bare address negotiates
      const alternates = [
        ...offeredLanguages(parseLanguageList(r.contentLanguages)).map(
          (language) => `<xhtml:link rel="alternate" hreflang="${language}" href="${escapeXml(`${menu}?lang=${language}`)}"/>`,
        ),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(menu)}"/>`,
      ].join('');
      return `<url><loc>${escapeXml(menu)}</loc><lastmod>${r.updatedAt.slice(0, 10)}</lastmod>${alternates}</url>`;
    }),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
});

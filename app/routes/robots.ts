import { getPublicUrl } from '#app/env.server.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';

/** Crawlers may read the public site and menus, not the signed-in areas or the API. */
export const loader = publicRoute(() => {
  const body = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /*/admin',
    'Disallow: /restaurant/',
    'Disallow: /api/',
    'Disallow: /account/',
    '',
    `Sitemap: ${getPublicUrl()}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
});

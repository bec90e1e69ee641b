import { isAbsolute, join, relative } from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';

export interface RouteTableEntry {
  /** the route module, relative to app/ (as in app/routes.ts) */
  file: string;
  /** the URL pattern without the leading slash, e.g. ':restaurantSlug/admin/products/:productId' */
  pattern: string;
  /** answers a URL itself (has a path, or is an index route), not only a layout around others */
  servesUrl: boolean;
}

/** Every entry of app/routes.ts with its full URL pattern (layouts and nesting resolved), in table order. */
export async function walkRouteTable(): Promise<RouteTableEntry[]> {
  const { default: config } = (await import('#app/routes.ts')) as { default: RouteConfigEntry[] };
  const out: RouteTableEntry[] = [];
  const walk = (entries: RouteConfigEntry[], prefix: string) => {
    for (const entry of entries) {
      const pattern = [prefix, entry.path ?? ''].filter(Boolean).join('/');
      const file = isAbsolute(entry.file) ? relative(join(process.cwd(), 'app'), entry.file) : entry.file;
      out.push({ file, pattern, servesUrl: entry.path !== undefined || entry.index === true });
      if (entry.children) walk(entry.children, pattern);
    }
  };
  walk(config, '');
  return out;
}

/** Every URL path the route table answers, as a pattern with its :parameters ('/', '/login', '/:restaurantSlug/admin', …), each once. */
export async function routeUrlPatterns(): Promise<string[]> {
  return [...new Set((await walkRouteTable()).filter((entry) => entry.servesUrl).map((entry) => `/${entry.pattern}`))];
}

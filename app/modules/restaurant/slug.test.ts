import { readdirSync } from 'node:fs';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '#app/routes.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { buildRestaurantSlug, RESERVED_SLUGS, SLUG_MAX_LENGTH, SLUG_PATTERN, slugifyName } from './slug.ts';

/** The first segment of every path the route table serves itself (not `:slug`, not `*`). */
function ownFirstSegments(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => {
    const first = entry.path?.split('/')[0];
    if (first) return first.startsWith(':') || first === '*' ? [] : [first];
    return ownFirstSegments(entry.children ?? []);
  });
}

describe('restaurant slug (docs/product-spec.md section 5)', () => {
  it('lowercases and turns runs of non-alphanumerics into one hyphen', () => {
    expect(slugifyName('La  Mama & Fiii!!  Restaurant')).toBe('la-mama-fiii-restaurant');
  });

  it('transliterates Romanian diacritics instead of dropping them', () => {
    expect(slugifyName('Țară')).toBe('tara');
    expect(slugifyName('Bistro Ștefănești â î')).toBe('bistro-stefanesti-a-i');
  });

  it('appends the timestamp', () => {
    expect(buildRestaurantSlug('Casa Veche', new Date(1_790_000_000_000))).toBe('casa-veche-1790000000000');
  });

  it('cuts a long name (diacritics included) so the whole slug fits the settings form', () => {
    const now = new Date(1_790_000_000_000);
    for (const name of [
      'Restaurantul Tradițional Românesc „La Bunica Ștefania” din Țara Făgărașului',
      'Casa de Oaspeți și Cramă Bătrânească a Familiei Ionescu', // 55 characters
      'Ș'.repeat(80),
      'Bistro ' + 'ă-'.repeat(40),
    ]) {
      const slug = buildRestaurantSlug(name, now);
      expect(slug.length, slug).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
      expect(slug, slug).toMatch(SLUG_PATTERN);
      expect(slug.endsWith('-1790000000000')).toBe(true);
      expect(slug).not.toMatch(/--/);
      expect(RestaurantSettingsInput.safeParse({ name: name.slice(0, 100), slug, currency: 'RON', timeZone: 'Europe/Bucharest' }).success, slug).toBe(true);
    }
    expect(buildRestaurantSlug('Casa de Oaspeți și Cramă Bătrânească a Familiei Ionescu', now)).toBe('casa-de-oaspeti-si-crama-batraneasca-a-familie-1790000000000');
  });

  it('falls back to a generic base when the name has no letters or digits', () => {
    expect(buildRestaurantSlug('!!!', new Date(5))).toBe('restaurant-5');
  });

  it('reserves every path of the route table and every public file, so no menu hides a page', () => {
    const own = [...ownFirstSegments(routes), ...readdirSync(new URL('../../../public', import.meta.url)), 'assets', 'uploads'];
    expect(own.length).toBeGreaterThan(15);
    expect(own.filter((segment) => !RESERVED_SLUGS.has(segment))).toEqual([]);
  });

  it('keeps the app’s own paths out of reach', () => {
    for (const path of ['admin', 'login', 'contact', 'pricing', 'detalii', 'privacy-policy']) {
      expect(RESERVED_SLUGS.has(path)).toBe(true);
    }
  });
});

import { fieldIn, type ContentLanguage } from '#app/modules/translation/content-language.ts';
import type { MenuLocation, MenuRestaurant } from './menu.types.ts';

/**
 * schema.org Restaurant with its Menu, sections and items, for search engines (JSON-LD). Names and
 * prices only: descriptions are already in the page, and every byte here is paid by every guest.
 */
export function buildMenuStructuredData(restaurant: MenuRestaurant, location: MenuLocation | undefined, locale: ContentLanguage, url: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: restaurant.name,
    url,
    ...(restaurant.address ? { address: restaurant.address } : {}),
    ...(restaurant.phone ? { telephone: restaurant.phone } : {}),
    ...(restaurant.logoUrl ? { logo: new URL(restaurant.logoUrl, url).toString() } : {}),
    hasMenu: {
      '@type': 'Menu',
      inLanguage: locale,
      hasMenuSection: (location?.categories ?? []).map((category) => ({
        '@type': 'MenuSection',
        name: fieldIn(category, 'name', locale),
        hasMenuItem: category.products.map((product) => ({
          '@type': 'MenuItem',
          name: fieldIn(product, 'name', locale),
          offers: {
            '@type': 'Offer',
            price: (product.priceMinor / 100).toFixed(2),
            priceCurrency: product.currency,
            // said only when it is not the usual case: 45 bytes × every dish otherwise
            ...(product.available ? {} : { availability: 'https://schema.org/OutOfStock' }),
          },
        })),
      })),
    },
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the tag. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

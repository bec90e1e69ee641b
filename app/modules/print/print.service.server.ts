import type { Locale } from '#app/i18n/i18n.ts';
import { formatDate, formatPrice, formatQuantity, localized } from '#app/i18n/localized.ts';
import { getI18n } from '#app/i18n/i18n.ts';
import { authorize, type RestaurantScope } from '#app/modules/access/scope.server.ts';
import { AppError } from '#app/modules/errors/app-error.ts';
import { listDishOptionGroups } from '#app/modules/options/options.repo.server.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { lowestSetPrice, optionAllergenRows, optionsLines } from './print-options.ts';
import { renderAllergenMatrixPdf, renderMenuPdf, type PrintDish } from './print-pdf.server.ts';
import { findRestaurantForPrint, listLocationsForPrint, readVisibleMenuOfLocation } from './print.repo.server.ts';

export type PrintDocument = 'menu' | 'allergens';
export const isPrintDocument = (value: string | undefined): value is PrintDocument => value === 'menu' || value === 'allergens';

function additivesOf(stored: string): string[] {
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * A printable PDF of one location (the first when none is named) in one language: the A4 menu
 * or the allergen matrix, of what guests see (visible categories and dishes; sold-out ones too,
 * they are on the menu). Another restaurant's location is "not found".
 */
export async function renderPrintDocument(
  scope: RestaurantScope,
  document: PrintDocument,
  options: { locationId?: string; locale: Locale; now?: Date },
): Promise<{ body: Buffer; filename: string }> {
  authorize(scope, 'menu.import');
  const restaurant = await findRestaurantForPrint(scope.db, scope.restaurantId);
  if (!restaurant) throw new AppError('not-found');
  const locations = await listLocationsForPrint(scope.db, scope.restaurantId);
  const location = options.locationId ? locations.find((l) => l.id === options.locationId) : locations[0];
  if (!location) throw new AppError('not-found');
  const { locale } = options;
  const { t } = getI18n(locale);
  const menu = await readVisibleMenuOfLocation(scope.db, scope.restaurantId, location.id);
  const now = options.now ?? new Date();
  const groupsOf = await listDishOptionGroups(
    scope.db,
    scope.restaurantId,
    menu.products.map((product) => product.id),
    now.getTime(),
  );
  const date = formatDate(now.toISOString(), locale, restaurant.timeZone);
  const categories = menu.categories.map((category) => ({
    name: localized(category.nameRo, category.nameEn, locale),
    products: menu.products.filter((product) => product.categoryId === category.id),
  }));
  const locationName = localized(location.nameRo, location.nameEn, locale);
  const stamp = (options.now ?? new Date()).toISOString().slice(0, 10);

  if (document === 'allergens') {
    const body = await renderAllergenMatrixPdf({
      restaurantName: restaurant.name,
      locationName,
      date,
      locale,
      categories: categories.map((category) => ({
        name: category.name,
        dishes: category.products.map((p) => ({
          name: localized(p.nameRo, p.nameEn, locale),
          allergens: parseAllergenList(p.allergens),
          traces: parseAllergenList(p.traces),
          options: optionAllergenRows(groupsOf.get(p.id) ?? [], locale),
        })),
      })),
    });
    return { body, filename: `${t('print.matrixFile')}-${stamp}.pdf` };
  }

  const body = await renderMenuPdf({
    restaurantName: restaurant.name,
    locationName,
    address: location.address ?? restaurant.address,
    date,
    locale,
    categories: categories.map((category) => ({
      name: category.name,
      dishes: category.products.map((p): PrintDish => {
        const groups = groupsOf.get(p.id) ?? [];
        // a size group sets the price: the price column gives the smallest, "from"
        const sized = lowestSetPrice(groups);
        return {
          name: localized(p.nameRo, p.nameEn, locale),
          details: [localized(p.descriptionRo, p.descriptionEn, locale), localized(p.ingredientsRo, p.ingredientsEn, locale)].filter(Boolean).join(' · ') || null,
          price: sized === null ? formatPrice(p.priceMinor, p.currency, locale) : t('print.fromPrice', { price: formatPrice(sized, p.currency, locale) }),
          options: optionsLines(groups, p.currency, locale),
          quantity: p.weightValue === null ? null : `${formatQuantity(p.weightValue, locale)} ${t(`menu.unit.${p.weightUnit ?? 'g'}`)}`,
          allergens: parseAllergenList(p.allergens),
          traces: parseAllergenList(p.traces),
          additives: additivesOf(p.additives),
          frozen: p.frozen === 1,
        };
      }),
    })),
  });
  return { body, filename: `${t('print.menuFile')}-${locale}-${stamp}.pdf` };
}

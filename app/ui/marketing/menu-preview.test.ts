import { describe, expect, it } from 'vitest';
import type { MenuCategory, MenuProduct, MenuRestaurant, PublicMenu } from '#app/modules/guest-menu/menu.types.ts';
import { buildMenuPreview } from './menu-preview.ts';

function dish(id: string, overrides: Partial<MenuProduct> = {}): MenuProduct {
  return {
    id,
    categoryId: 'c',
    nameRo: `Preparat ${id}`,
    nameEn: `Dish ${id}`,
    descriptionRo: null,
    descriptionEn: null,
    ingredientsRo: null,
    ingredientsEn: null,
    priceMinor: 3200,
    currency: 'RON',
    weightValue: 400,
    weightUnit: 'ml',
    allergens: ['milk'],
    traces: [],
    additives: [],
    frozen: false,
    energyKcal: null,
    fat: null,
    saturates: null,
    carbs: null,
    sugars: null,
    protein: null,
    salt: null,
    servedFrom: null,
    servedUntil: null,
    available: true,
    imageUrl: null,
    imageSrcSet: null,
    ...overrides,
  };
}

function category(id: string, products: MenuProduct[]): MenuCategory {
  return { id, nameRo: `Categoria ${id}`, nameEn: `Category ${id}`, descriptionRo: null, descriptionEn: null, imageUrl: null, schedule: null, servedNow: true, products };
}

function menu(categories: MenuCategory[]): PublicMenu {
  const restaurant = { name: 'Bistro La Bunica', slug: 'bistro-la-bunica', currency: 'RON' } as MenuRestaurant;
  return { status: 'active', cacheVersion: 1, validUntil: null, restaurant, locations: [{ id: 'l', nameRo: 'Centru', nameEn: null, address: null, ordering: null, categories }] };
}

describe('the home page’s demo menu preview', () => {
  it('takes the first available dishes of the first categories, in the guest’s language, prices formatted', () => {
    const preview = buildMenuPreview(
      menu([
        category('a', [dish('1', { available: false }), dish('2'), dish('3'), dish('4')]),
        category('empty', []),
        category('b', [dish('5', { nameEn: null })]),
        category('c', [dish('6')]),
      ]),
      'en',
    );
    expect(preview?.categories.map((c) => c.name)).toEqual(['Category a', 'Category b']);
    expect(preview?.categories.map((c) => c.dishes.map((d) => d.name))).toEqual([['Dish 2', 'Dish 3'], ['Preparat 5']]);
    expect(preview?.categories[0]?.dishes[0]).toMatchObject({ allergens: ['milk'], weightValue: 400, weightUnit: 'ml' });
    expect(preview?.categories[0]?.dishes[0]?.price.replace(/\s/g, ' ')).toBe('RON 32.00');
    expect(preview?.moreCount).toBe(3);
    expect(buildMenuPreview(menu([category('a', [dish('1')])]), 'ro')?.categories[0]?.dishes[0]?.price.replace(/\s/g, ' ')).toBe('32,00 RON');
  });

  it('is left out when there is nothing a guest could see', () => {
    expect(buildMenuPreview(undefined, 'ro')).toBeNull();
    expect(buildMenuPreview({ status: 'inactive', cacheVersion: 2, validUntil: null, restaurant: { name: 'X', slug: 'x', menuVersion: 1 } }, 'ro')).toBeNull();
    expect(buildMenuPreview(menu([]), 'ro')).toBeNull();
    expect(buildMenuPreview(menu([category('a', [dish('1', { available: false })])]), 'ro')).toBeNull();
  });
});

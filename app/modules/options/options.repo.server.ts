import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { tenant } from '#app/db/tenant.ts';
import { parseAllergenList } from '#app/modules/product/allergens.ts';
import { availableNow } from './availability.ts';
import type { DishOptionGroup } from './options.types.ts';

/**
 * The one read path of dishes' options (decision 0034): the groups some dishes offer, in each dish's
 * order, with every option of each group in the group's order. Two queries whatever the number of
 * dishes; another restaurant's dishes find nothing.
 */
export async function listDishOptionGroups(db: Kysely<Database>, restaurantId: string, productIds: readonly string[], nowMs: number): Promise<Map<string, DishOptionGroup[]>> {
  const byDish = new Map<string, DishOptionGroup[]>();
  if (productIds.length === 0) return byDish;
  const links = await tenant(db, restaurantId)
    .selectFrom('productOptionGroup')
    .innerJoin('optionGroup', (join) => join.onRef('optionGroup.id', '=', 'productOptionGroup.groupId').onRef('optionGroup.restaurantId', '=', 'productOptionGroup.restaurantId'))
    .select([
      'productOptionGroup.productId',
      'productOptionGroup.position',
      'optionGroup.id',
      'optionGroup.nameRo',
      'optionGroup.nameEn',
      'optionGroup.translations',
      'optionGroup.minChoices',
      'optionGroup.maxChoices',
      'optionGroup.pricing',
    ])
    .where('productOptionGroup.productId', 'in', productIds)
    .orderBy('productOptionGroup.productId')
    .orderBy('productOptionGroup.position')
    .execute();
  if (links.length === 0) return byDish;
  const groupIds = [...new Set(links.map((link) => link.id))];
  const items = await tenant(db, restaurantId)
    .selectFrom('optionItem')
    .select(['id', 'groupId', 'nameRo', 'nameEn', 'translations', 'priceMinor', 'allergens', 'traces', 'available', 'soldOutUntil', 'visible'])
    .where('groupId', 'in', groupIds)
    .orderBy('groupId')
    .orderBy('sortOrder')
    .orderBy('id')
    .execute();
  const optionsOf = new Map<string, DishOptionGroup['options']>();
  for (const item of items) {
    const list = optionsOf.get(item.groupId) ?? [];
    list.push({
      id: item.id,
      groupId: item.groupId,
      nameRo: item.nameRo,
      nameEn: item.nameEn,
      translations: item.translations,
      priceMinor: item.priceMinor,
      allergens: parseAllergenList(item.allergens),
      traces: parseAllergenList(item.traces),
      available: availableNow(item, nowMs),
      visible: item.visible === 1,
    });
    optionsOf.set(item.groupId, list);
  }
  for (const link of links) {
    const list = byDish.get(link.productId) ?? [];
    list.push({
      id: link.id,
      nameRo: link.nameRo,
      nameEn: link.nameEn,
      translations: link.translations,
      minChoices: link.minChoices,
      maxChoices: link.maxChoices,
      pricing: link.pricing,
      options: optionsOf.get(link.id) ?? [],
    });
    byDish.set(link.productId, list);
  }
  return byDish;
}

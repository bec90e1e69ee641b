import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import { parseAllergenList, type AllergenKey } from '#app/modules/product/allergens.ts';
import { insertDishGroups, insertOptionGroups, insertOptionItems, listOptionLibrary, type NewOptionGroupRow, type NewOptionItemRow } from './option-rows.repo.server.ts';
import { OPTION_LIMITS, type OptionPricing } from './options.types.ts';

/** An option group as a file or the demo describes it, before it is in the library. */
export interface OptionGroupDraft {
  nameRo: string;
  nameEn: string | null;
  minChoices: number;
  maxChoices: number;
  pricing: OptionPricing;
  /** JSON { [lang]: { name } } of the content languages beyond ro/en */
  translations?: string;
  options: {
    nameRo: string;
    nameEn: string | null;
    priceMinor: number;
    allergens: readonly AllergenKey[];
    traces: readonly AllergenKey[];
    translations?: string;
  }[];
}

const loose = (text: string) => text.normalize('NFC').toLocaleLowerCase('ro').replace(/\s+/g, ' ').trim();

/**
 * What makes two groups the same group: the name, the rule, the pricing and every option's name,
 * price, allergens and traces in order (compared loosely: case and spacing aside). A group with
 * the same name but other options is another group.
 */
function signature(group: Pick<OptionGroupDraft, 'nameRo' | 'minChoices' | 'maxChoices' | 'pricing' | 'options'>): string {
  return JSON.stringify([
    loose(group.nameRo),
    group.minChoices,
    group.maxChoices,
    group.pricing,
    group.options.map((option) => [loose(option.nameRo), option.priceMinor, [...option.allergens].sort(), [...option.traces].sort()]),
  ]);
}

/**
 * Attaches groups to dishes, in each dish's order, reusing the library: a group already there with
 * the same signature (one "Lapte" on every coffee), or made earlier in the same call, is attached
 * rather than copied. `'over-limit'` (nothing written) when the new groups would take the library
 * past its bound. The caller holds the transaction and has checked the drafts (option-cell.ts,
 * the demo's data).
 */
export async function attachOptionGroups(
  db: Kysely<Database>,
  restaurantId: string,
  dishes: readonly { productId: string; groups: readonly OptionGroupDraft[] }[],
  now: string,
): Promise<{ created: number; reused: number } | 'over-limit'> {
  if (dishes.every((dish) => dish.groups.length === 0)) return { created: 0, reused: 0 };
  const library = await listOptionLibrary(db, restaurantId);
  const known = new Map<string, string>();
  for (const group of library.groups) {
    const options = library.items
      .filter((item) => item.groupId === group.id)
      .map((item) => ({ ...item, allergens: parseAllergenList(item.allergens), traces: parseAllergenList(item.traces) }));
    const key = signature({ ...group, options });
    if (!known.has(key)) known.set(key, group.id);
  }
  let sortOrder = Math.max(-1, ...library.groups.map((group) => group.sortOrder)) + 1;
  const groups: NewOptionGroupRow[] = [];
  const items: NewOptionItemRow[] = [];
  const links: { productId: string; groupId: string; position: number }[] = [];
  let reused = 0;
  for (const dish of dishes) {
    for (const [position, draft] of dish.groups.entries()) {
      const key = signature(draft);
      let groupId = known.get(key);
      if (groupId) reused++;
      else {
        groupId = randomUUID();
        known.set(key, groupId);
        groups.push({
          id: groupId,
          nameRo: draft.nameRo,
          nameEn: draft.nameEn,
          minChoices: draft.minChoices,
          maxChoices: draft.maxChoices,
          pricing: draft.pricing,
          sortOrder: sortOrder++,
          translations: draft.translations ?? '{}',
          createdAt: now,
          updatedAt: now,
        });
        for (const [index, option] of draft.options.entries()) {
          items.push({
            id: randomUUID(),
            groupId,
            nameRo: option.nameRo,
            nameEn: option.nameEn,
            priceMinor: option.priceMinor,
            allergens: JSON.stringify(option.allergens),
            traces: JSON.stringify(option.traces),
            sortOrder: index,
            translations: option.translations ?? '{}',
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      links.push({ productId: dish.productId, groupId, position });
    }
  }
  if (library.groups.length + groups.length > OPTION_LIMITS.groupsPerRestaurant) return 'over-limit';
  await insertOptionGroups(db, restaurantId, groups);
  await insertOptionItems(db, restaurantId, items);
  await insertDishGroups(db, restaurantId, links);
  return { created: groups.length, reused };
}

import type { Permission } from '#app/modules/access/policy.ts';
import { bulkEditPermission } from '#app/modules/product/bulk-change.ts';

/**
 * The permission each of the menu page's one-click intents needs (decision 0029): what a waiter
 * does during service (sold out, hide a dish, hide a category) is `menu.availability`; every other
 * edit is `menu.edit`. Plain data, browser-safe: the page may hide what a role cannot use, and
 * `runMenuIntent` refuses it whatever the page shows.
 */
export const MENU_INTENT_PERMISSIONS = {
  'create-location': 'menu.edit',
  'update-location': 'menu.edit',
  'delete-location': 'menu.edit',
  'set-location-visible': 'menu.edit',
  'move-location': 'menu.edit',
  'reorder-locations': 'menu.edit',
  'create-category': 'menu.edit',
  'update-category': 'menu.edit',
  'delete-category': 'menu.edit',
  'set-category-visible': 'menu.availability',
  'move-category': 'menu.edit',
  'reorder-categories': 'menu.edit',
  'duplicate-category': 'menu.edit',
  'delete-product': 'menu.edit',
  'set-product-visible': 'menu.availability',
  'set-product-available': 'menu.availability',
  /** sold out until the restaurant's next opening (issue 35 item 8): the same permission as sold out */
  'sold-out-until-opening': 'menu.availability',
  'move-product': 'menu.edit',
  'reorder-products': 'menu.edit',
  'duplicate-product': 'menu.edit',
  /** sold out, available, hide, show: `menu.availability`; move and price: `menu.edit` (`bulkEditPermission`) */
  'bulk-products': 'menu.edit',
} as const satisfies Record<string, Permission>;

export type MenuIntent = keyof typeof MENU_INTENT_PERMISSIONS;

export function isMenuIntent(intent: unknown): intent is MenuIntent {
  return typeof intent === 'string' && Object.hasOwn(MENU_INTENT_PERMISSIONS, intent);
}

/** What a post of the menu page needs, from its intent (and a bulk post's action); an unknown intent needs `menu.edit`. */
export function menuIntentPermission(values: Record<string, unknown>): Permission {
  if (values.intent === 'bulk-products') return bulkEditPermission(values.action);
  return isMenuIntent(values.intent) ? MENU_INTENT_PERMISSIONS[values.intent] : 'menu.edit';
}

/** What a row button's operation carries after its id: a flag's new value, or a move's direction. */
const ROW_ARGUMENT: Partial<Record<MenuIntent, 'value' | 'direction'>> = {
  'set-location-visible': 'value',
  'set-category-visible': 'value',
  'set-product-visible': 'value',
  'set-product-available': 'value',
  'move-location': 'direction',
  'move-category': 'direction',
  'move-product': 'direction',
};

/**
 * A row's one-click button carries its whole operation in its own value, `<intent>:<id>[:<argument>]`
 * (issue 26): a list of rows is then one form with no hidden inputs, that posts the pressed button
 * with JavaScript off as with it on. Ids never hold ':'.
 */
export function rowIntent(intent: MenuIntent, id: string, argument?: string): string {
  return argument === undefined ? `${intent}:${id}` : `${intent}:${id}:${argument}`;
}

/** A row button's operation, split back into the fields the intent reads; any other post as it came. */
export function expandRowIntent(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.intent !== 'string' || !values.intent.includes(':')) return values;
  const [intent = '', id = '', argument] = values.intent.split(':');
  const field = isMenuIntent(intent) ? ROW_ARGUMENT[intent] : undefined;
  return { ...values, intent, id, ...(field && argument !== undefined ? { [field]: argument } : {}) };
}

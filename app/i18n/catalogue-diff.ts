import { en } from './en.ts';
import { ro } from './ro.ts';

export interface CatalogueEntry {
  key: string;
  ro: string | undefined;
  en: string | undefined;
  status: 'ok' | 'missing-ro' | 'missing-en' | 'same-as-ro';
}

function flatten(value: object, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string') out.set(`${prefix}${key}`, inner);
    else flatten(inner as object, `${prefix}${key}.`, out);
  }
  return out;
}

/** Texts identical in both languages on purpose (names, codes), not gaps. */
const SAME_ON_PURPOSE = new Set([
  'app.name',
  // the kitchen display's screen name ('Bar · Salon') and ticket number ('#12'): only placeholders
  'kitchen.screenOf',
  'kitchen.ticket',
  'order.total',
  'team.roles.manager',
  'team.roles.editor',
  'menu.unit.g',
  'menu.unit.ml',
  'nav.contact',
  'contact.title',
  'allergen.gluten',
  'allergen.lupin',
  'allergenOfficial.lupin',
  'editor.email',
  'editor.energyKj',
  'editor.logo',
  'subscription.phase-pro',
  // the back office (app/i18n/backoffice.*.ts): names, codes and words both languages share
  'backoffice.plan.pro-card',
  'backoffice.plan.pro-manual',
  'backoffice.restaurants.name',
  'backoffice.restaurants.plan',
  'backoffice.restaurant.kind-provider',
  'backoffice.restaurant.lastEditBy',
  'backoffice.users.sort-email',
  'backoffice.users.email',
  'backoffice.users.roleAdmin',
  'backoffice.users.roleRestaurant',
  'backoffice.users.restaurant',
  'backoffice.users.method-google',
  'backoffice.messages.restaurant',
  'backoffice.audit.restaurant',
  // the invitation e-mail's languages, each named in itself
  'team.locales.ro',
  'team.locales.en',
  // the orders board's "Total"
  'orders.total',
]);

/**
 * Every key of both catalogues side by side for /translation-debug: missing in either language,
 * or English left identical to the Romanian (probably untranslated).
 */
export function compareCatalogues(): CatalogueEntry[] {
  const roKeys = flatten(ro);
  const enKeys = flatten(en);
  const keys = [...new Set([...roKeys.keys(), ...enKeys.keys()])].sort();
  return keys.map((key) => {
    const roText = roKeys.get(key);
    const enText = enKeys.get(key);
    const status = roText === undefined ? 'missing-ro' : enText === undefined ? 'missing-en' : roText === enText && !SAME_ON_PURPOSE.has(key) ? 'same-as-ro' : 'ok';
    return { key, ro: roText, en: enText, status };
  });
}

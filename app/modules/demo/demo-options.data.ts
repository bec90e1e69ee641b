import type { OptionGroupDraft } from '#app/modules/options/option-library.server.ts';
import type { OptionPricing } from '#app/modules/options/options.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';

/**
 * The demo restaurant's dish options (issue 35 item 9), in every language it has (ro, en, de): a
 * pizza in three sizes that set its price and priced extras, coffees with a choice of milk (exactly
 * one; oat drink +3 lei), a steak's doneness and its side (exactly one each). Keyed by the dish's
 * Romanian name; the same group on two dishes is one group of the library.
 */

interface DemoOption {
  ro: string;
  en: string;
  de: string;
  /** bani: the price in a size group, the change otherwise */
  price: number;
  allergens?: AllergenKey[];
  traces?: AllergenKey[];
}

interface DemoGroup {
  ro: string;
  en: string;
  de: string;
  min: number;
  max: number;
  pricing: OptionPricing;
  options: DemoOption[];
}

const german = (name: string) => JSON.stringify({ de: { name } });

const milk: DemoGroup = {
  ro: 'Lapte',
  en: 'Milk',
  de: 'Milch',
  min: 1,
  max: 1,
  pricing: 'add',
  options: [
    { ro: 'Lapte de vacă', en: 'Cow’s milk', de: 'Kuhmilch', price: 0, allergens: ['milk'] },
    { ro: 'Lapte fără lactoză', en: 'Lactose-free milk', de: 'Laktosefreie Milch', price: 200, allergens: ['milk'] },
    { ro: 'Băutură de ovăz', en: 'Oat drink', de: 'Haferdrink', price: 300, allergens: ['gluten'] },
  ],
};

const DEMO_OPTIONS: Record<string, DemoGroup[]> = {
  'Pizza Margherita': [
    {
      ro: 'Mărime',
      en: 'Size',
      de: 'Größe',
      min: 1,
      max: 1,
      pricing: 'set',
      options: [
        { ro: 'Mică (26 cm)', en: 'Small (26 cm)', de: 'Klein (26 cm)', price: 3200 },
        { ro: 'Mare (32 cm)', en: 'Large (32 cm)', de: 'Groß (32 cm)', price: 4400 },
        { ro: 'Familială (40 cm)', en: 'Family (40 cm)', de: 'Familie (40 cm)', price: 5800 },
      ],
    },
    {
      ro: 'Extra',
      en: 'Extras',
      de: 'Extras',
      min: 0,
      max: 3,
      pricing: 'add',
      options: [
        { ro: 'Extra mozzarella', en: 'Extra mozzarella', de: 'Extra Mozzarella', price: 600, allergens: ['milk'] },
        { ro: 'Șuncă presată', en: 'Cooked ham', de: 'Kochschinken', price: 700, traces: ['mustard'] },
        { ro: 'Ciuperci', en: 'Mushrooms', de: 'Champignons', price: 400 },
        { ro: 'Ardei iute', en: 'Chilli peppers', de: 'Scharfe Peperoni', price: 200 },
        { ro: 'Rucola', en: 'Rocket', de: 'Rucola', price: 300 },
      ],
    },
  ],
  Cappuccino: [milk],
  'Flat white': [milk],
  'Antricot de vită la grătar': [
    {
      ro: 'Gradul de gătire',
      en: 'Doneness',
      de: 'Garstufe',
      min: 1,
      max: 1,
      pricing: 'add',
      options: [
        { ro: 'În sânge', en: 'Rare', de: 'Blutig', price: 0 },
        { ro: 'Mediu-în sânge', en: 'Medium rare', de: 'Medium rare', price: 0 },
        { ro: 'Mediu', en: 'Medium', de: 'Medium', price: 0 },
        { ro: 'Bine făcut', en: 'Well done', de: 'Durchgebraten', price: 0 },
      ],
    },
    {
      ro: 'Garnitură',
      en: 'Side',
      de: 'Beilage',
      min: 1,
      max: 1,
      pricing: 'add',
      options: [
        { ro: 'Cartofi prăjiți', en: 'French fries', de: 'Pommes frites', price: 0 },
        { ro: 'Piure de cartofi', en: 'Mashed potatoes', de: 'Kartoffelpüree', price: 0, allergens: ['milk'] },
        { ro: 'Legume la grătar', en: 'Grilled vegetables', de: 'Gegrilltes Gemüse', price: 400 },
        { ro: 'Salată verde', en: 'Green salad', de: 'Grüner Salat', price: 200, traces: ['mustard'] },
      ],
    },
  ],
};

/** A dish's groups as the options library takes them, with the German names as translations; none for most dishes. */
export function demoOptionGroups(dishNameRo: string): OptionGroupDraft[] {
  return (DEMO_OPTIONS[dishNameRo] ?? []).map((group) => ({
    nameRo: group.ro,
    nameEn: group.en,
    minChoices: group.min,
    maxChoices: group.max,
    pricing: group.pricing,
    translations: german(group.de),
    options: group.options.map((option) => ({
      nameRo: option.ro,
      nameEn: option.en,
      priceMinor: option.price,
      allergens: option.allergens ?? [],
      traces: option.traces ?? [],
      translations: german(option.de),
    })),
  }));
}

/** The dishes the demo gives options to (the seed's test checks each has them). */
export const DEMO_DISHES_WITH_OPTIONS = Object.keys(DEMO_OPTIONS);

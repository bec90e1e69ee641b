import type { NewProduct } from '#app/db/schema.ts';
import { ALLERGEN_KEYS as ALLERGENS } from '#app/modules/product/allergens.ts';
import { buildProduct } from './builders.ts';

/**
 * Distinct, realistic dishes for benchmarks: every name, description, ingredient list and nutrition
 * table differs (copies of the demo's dishes compress far better than a real menu does). The same
 * seed always gives the same menu, so two runs compare like with like.
 */

/** A small, fast, seeded generator (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES = [
  ['Ciorbă', 'Soup'],
  ['Supă', 'Broth'],
  ['Salată', 'Salad'],
  ['Tocăniță', 'Stew'],
  ['Friptură', 'Roast'],
  ['Frigărui', 'Skewers'],
  ['Papanași', 'Doughnuts'],
  ['Clătite', 'Pancakes'],
  ['Plăcintă', 'Pie'],
  ['Tartă', 'Tart'],
  ['Risotto', 'Risotto'],
  ['Paste', 'Pasta'],
  ['Burger', 'Burger'],
  ['Sandviș', 'Sandwich'],
  ['Omletă', 'Omelette'],
  ['Piure', 'Mash'],
  ['Sarmale', 'Cabbage rolls'],
  ['Mici', 'Grilled rolls'],
] as const;
const MAINS = [
  ['de pui', 'chicken'],
  ['de porc', 'pork'],
  ['de vită', 'beef'],
  ['de miel', 'lamb'],
  ['de păstrăv', 'trout'],
  ['de somon', 'salmon'],
  ['de ciuperci', 'mushroom'],
  ['de legume', 'vegetable'],
  ['de fasole', 'bean'],
  ['de linte', 'lentil'],
  ['de dovleac', 'pumpkin'],
  ['de brânză', 'cheese'],
  ['de rață', 'duck'],
  ['de curcan', 'turkey'],
  ['de creveți', 'prawn'],
  ['de vinete', 'aubergine'],
] as const;
const STYLES = [
  ['ca la bunica', 'grandma style'],
  ['la grătar', 'grilled'],
  ['cu smântână', 'with sour cream'],
  ['picant', 'spicy'],
  ['de casă', 'home made'],
  ['cu usturoi', 'with garlic'],
  ['cu verdețuri', 'with herbs'],
  ['ardelenesc', 'Transylvanian'],
  ['moldovenesc', 'Moldavian'],
  ['bănățean', 'from Banat'],
  ['cu mămăligă', 'with polenta'],
  ['la ceaun', 'pot-cooked'],
  ['afumat', 'smoked'],
  ['cu lămâie', 'with lemon'],
] as const;
const INGREDIENTS = [
  'ceapă',
  'morcov',
  'țelină',
  'păstârnac',
  'cartofi',
  'ardei gras',
  'roșii',
  'usturoi',
  'mărar',
  'pătrunjel',
  'leuștean',
  'tarhon',
  'cimbru',
  'smântână',
  'ou',
  'făină',
  'unt',
  'ulei de floarea-soarelui',
  'sare',
  'piper',
  'boia dulce',
  'foi de dafin',
  'oțet',
  'zahăr',
  'lapte',
  'orez',
  'mălai',
  'brânză de burduf',
  'telemea',
  'cașcaval',
  'ciuperci',
  'varză',
  'fasole',
  'linte',
  'dovlecel',
  'vinete',
  'spanac',
  'nucă',
  'miere',
];
const DESCRIPTIONS = [
  'Gătit încet, după rețeta casei, cu legume de la producători locali.',
  'Servit cald, cu pâine de casă și ardei iute la cerere.',
  'Porție generoasă, potrivită pentru prânz, cu garnitură la alegere.',
  'Rețetă tradițională din zona de munte, reinterpretată de bucătarul nostru.',
  'Ingrediente de sezon, fără conservanți, preparat în ziua servirii.',
  'Recomandarea bucătarului: se potrivește cu un pahar de vin alb sec.',
  'Ușor și aromat, cu verdețuri proaspete tocate chiar înainte de servire.',
  'Pregătit la comandă; timpul de așteptare este de aproximativ 20 de minute.',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)]!;
}

/** `count` distinct products in the given categories (round robin), seeded. */
export function generateProducts(restaurantId: string, categoryIds: readonly string[], count: number, seed = 1): NewProduct[] {
  const random = seededRandom(seed);
  const products: NewProduct[] = [];
  const names = new Set<string>();
  for (let i = 0; names.size < count; i++) {
    const [baseRo, baseEn] = pick(random, BASES);
    const [mainRo, mainEn] = pick(random, MAINS);
    const [styleRo, styleEn] = pick(random, STYLES);
    let nameRo = `${baseRo} ${mainRo} ${styleRo}`;
    if (names.has(nameRo)) nameRo = `${nameRo} nr. ${i}`;
    names.add(nameRo);
    const ingredients = Array.from({ length: 4 + Math.floor(random() * 8) }, () => pick(random, INGREDIENTS));
    const allergens = ALLERGENS.filter(() => random() < 0.12);
    const traces = ALLERGENS.filter((a) => !allergens.includes(a) && random() < 0.05);
    const fat = Math.round(random() * 400) / 10;
    const carbohydrates = Math.round(random() * 800) / 10;
    const protein = Math.round(random() * 400) / 10;
    products.push(
      buildProduct(restaurantId, categoryIds[products.length % categoryIds.length]!, {
        nameRo,
        nameEn: `${baseEn} ${mainEn} ${styleEn}`,
        descriptionRo: `${pick(random, DESCRIPTIONS)} ${pick(random, DESCRIPTIONS)}`,
        ingredientsRo: [...new Set(ingredients)].join(', '),
        priceMinor: 900 + Math.floor(random() * 9000),
        weightValue: 100 + Math.floor(random() * 40) * 10,
        weightUnit: 'g',
        allergens: JSON.stringify(allergens),
        traces: JSON.stringify(traces),
        energyKcal: Math.round(fat * 9 + carbohydrates * 4 + protein * 4),
        fat,
        saturates: Math.round(fat * random() * 5) / 10,
        carbs: carbohydrates,
        sugars: Math.round(carbohydrates * random() * 3) / 10,
        protein,
        salt: Math.round(random() * 30) / 10,
        sortOrder: products.length,
      }),
    );
  }
  return products;
}

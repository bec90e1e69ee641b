import { describe, expect, it } from 'vitest';
import { ProductInput } from './product.schema.ts';

/** What the form posts for a dish with nothing but a name and a price. */
const minimal = { categoryId: 'c1', nameRo: 'Papanași', price: '24,50' };

/** The field of each issue and its message key, as the action turns them into translated errors. */
function issues(extra: Record<string, unknown>) {
  const result = ProductInput.safeParse({ ...minimal, ...extra });
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('ProductInput', () => {
  it('needs only the Romanian name, the price and the category; allergens default to an empty list', () => {
    const product = ProductInput.parse(minimal);
    expect(product).toMatchObject({ nameRo: 'Papanași', nameEn: null, price: 2450, allergens: [], traces: [], additives: [], weightUnit: 'g' });
    expect(product).toMatchObject({ frozen: false, available: false, visible: false, energyKcal: null, servedFrom: null });
    expect(issues({ nameRo: '   ' })).toEqual([['nameRo', 'required']]);
    expect(issues({ categoryId: '' })).toEqual([['categoryId', 'required']]);
  });

  it('reads prices and decimals typed the Romanian or the English way', () => {
    expect(ProductInput.parse({ ...minimal, price: '24.5' }).price).toBe(2450);
    expect(ProductInput.parse({ ...minimal, price: '7' }).price).toBe(700);
    expect(ProductInput.parse({ ...minimal, fat: '12,5', salt: '0.85' })).toMatchObject({ fat: 12.5, salt: 0.85 });
    for (const price of ['douăzeci', '1e3', '12 lei']) expect(issues({ price }), price).toEqual([['price', 'price']]);
    expect(issues({ fat: '12,5g' })).toEqual([['fat', 'number']]);
  });

  it('names what is wrong with a price instead of always "write the price as a number" (friction 5)', () => {
    expect(issues({ price: '-5' })).toEqual([['price', 'negative']]);
    expect(issues({ price: '-5,50' })).toEqual([['price', 'negative']]);
    expect(issues({ price: '' })).toEqual([['price', 'required']]);
    expect(issues({ price: '24,505' })).toEqual([['price', 'priceDecimals']]);
    expect(issues({ price: '123456789' })).toEqual([['price', 'tooBig']]);
    expect(issues({ fat: '-3' })).toEqual([['fat', 'negative']]);
  });

  it('reports every error in one round: field errors and cross-field rules together (friction 5)', () => {
    const all = issues({ price: '-5', fat: '10', saturates: '11', servedFrom: '08:00', nameRo: '' });
    expect(all).toEqual(
      expect.arrayContaining([
        ['price', 'negative'],
        ['nameRo', 'required'],
        ['saturates', 'saturatesAboveFat'],
        ['servedUntil', 'servingHoursPair'],
      ]),
    );
    expect(all).toHaveLength(4);
    // a field that failed is not compared: no invented contradiction
    expect(issues({ fat: 'x', saturates: '11', servedFrom: '8h', servedUntil: '' })).toEqual([
      ['fat', 'number'],
      ['servedFrom', 'time'],
    ]);
  });

  it('keeps nutrition values within what 100 g can hold', () => {
    expect(issues({ energyKcal: '901' })).toEqual([['energyKcal', 'tooBig']]);
    expect(issues({ protein: '100,1' })).toEqual([['protein', 'tooBig']]);
    expect(issues({ energyKcal: '900', protein: '100' })).toEqual([]);
  });

  it('refuses saturates above fat and sugars above carbohydrates', () => {
    expect(issues({ fat: '10', saturates: '11' })).toEqual([['saturates', 'saturatesAboveFat']]);
    expect(issues({ carbs: '20', sugars: '20,5' })).toEqual([['sugars', 'sugarsAboveCarbs']]);
    expect(issues({ fat: '10', saturates: '10', carbs: '20', sugars: '20' })).toEqual([]);
    // one of a pair alone is no contradiction
    expect(issues({ saturates: '11' })).toEqual([]);
  });

  it('wants serving hours as a pair of 24-hour times', () => {
    expect(ProductInput.parse({ ...minimal, servedFrom: '07:30', servedUntil: '11:00' })).toMatchObject({ servedFrom: '07:30', servedUntil: '11:00' });
    expect(issues({ servedFrom: '07:30' })).toEqual([['servedUntil', 'servingHoursPair']]);
    expect(issues({ servedUntil: '11:00' })).toEqual([['servedFrom', 'servingHoursPair']]);
    expect(issues({ servedFrom: '24:00', servedUntil: '11:00' })).toEqual([['servedFrom', 'time']]);
  });

  it('accepts grams, millilitres or pieces and nothing else', () => {
    for (const unit of ['g', 'ml', 'pcs']) expect(ProductInput.parse({ ...minimal, weightValue: '250', weightUnit: unit }).weightUnit).toBe(unit);
    expect(issues({ weightUnit: 'kg' })).toEqual([['weightUnit', 'unit']]);
    // whole grams, millilitres or pieces: 1,5 kg is written 1500 g
    expect(issues({ weightValue: '1,5' })).toEqual([['weightValue', 'wholeNumber']]);
    expect(issues({ weightValue: '100001' })).toEqual([['weightValue', 'tooBig']]);
  });

  it('reads E-numbers however they are separated, upper-cased and once each', () => {
    expect(ProductInput.parse({ ...minimal, additives: 'e330, E471;E160a  e330\nE1422' }).additives).toEqual(['E330', 'E471', 'E160A', 'E1422']);
    const refused = ProductInput.safeParse({ ...minimal, additives: 'E330, acid citric' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['additives'], message: 'additive', params: { code: 'ACID' } });
  });

  it('takes only the 14 allergen keys, kept in the list’s order whatever order they came in', () => {
    expect(ProductInput.parse({ ...minimal, allergens: ['sesame', 'gluten', 'gluten'], traces: ['nuts'] })).toMatchObject({ allergens: ['gluten', 'sesame'], traces: ['nuts'] });
    expect(issues({ allergens: ['gluten', 'chocolate'] })).toEqual([['allergens.1', 'allergen']]);
  });

  it('reads ticked boxes as the browser sends them', () => {
    expect(ProductInput.parse({ ...minimal, frozen: 'on', available: 'on', visible: 'on' })).toMatchObject({ frozen: true, available: true, visible: true });
  });
});

import { describe, expect, it } from 'vitest';
import { checkChoices, ruleKind, unitPriceWithChoices, type DishOptionGroup, type OptionChoice } from './options.types.ts';

function option(id: string, groupId: string, priceMinor: number, extra: Partial<OptionChoice> = {}): OptionChoice {
  return { id, groupId, nameRo: id, nameEn: null, translations: '{}', priceMinor, allergens: [], traces: [], available: true, visible: true, ...extra };
}

const size: DishOptionGroup = {
  id: 'size',
  nameRo: 'Mărime',
  nameEn: 'Size',
  translations: '{}',
  minChoices: 1,
  maxChoices: 1,
  pricing: 'set',
  options: [option('small', 'size', 3000), option('large', 'size', 4500)],
};
const extras: DishOptionGroup = {
  id: 'extra',
  nameRo: 'Extra',
  nameEn: 'Extras',
  translations: '{}',
  minChoices: 0,
  maxChoices: 2,
  pricing: 'add',
  options: [option('cheese', 'extra', 500), option('olives', 'extra', 300), option('ham', 'extra', 700, { available: false }), option('secret', 'extra', 0, { visible: false })],
};

describe('dish options: the rule and the price', () => {
  it('names the rule as the editor does', () => {
    expect(ruleKind(1, 1)).toBe('exactly-one');
    expect(ruleKind(0, 3)).toBe('up-to');
    expect(ruleKind(2, 4)).toBe('between');
  });

  it('refuses a required group left empty, too many choices, an unknown, hidden or sold-out option', () => {
    expect(checkChoices([size, extras], [])).toEqual({ kind: 'required', groupId: 'size' });
    expect(checkChoices([size, extras], ['small', 'large'])).toEqual({ kind: 'too-many', groupId: 'size' });
    expect(checkChoices([size, extras], ['small', 'cheese', 'olives', 'cheese'])).toEqual({ kind: 'unknown-option' });
    expect(checkChoices([size], ['small', 'cheese'])).toEqual({ kind: 'unknown-option' });
    expect(checkChoices([size, extras], ['small', 'secret'])).toEqual({ kind: 'unknown-option' });
    expect(checkChoices([size, extras], ['small', 'ham'])).toEqual({ kind: 'option-unavailable', groupId: 'extra', optionId: 'ham' });
    expect(checkChoices([size, { ...extras, maxChoices: 1 }], ['small', 'cheese', 'olives'])).toEqual({ kind: 'too-many', groupId: 'extra' });
    expect(checkChoices([size, extras], ['large', 'cheese', 'olives'])).toBeNull();
  });

  it("prices a size group's option as the price and adds the extras' changes", () => {
    expect(unitPriceWithChoices(3900, [size, extras], ['large', 'cheese'])).toBe(5000);
    expect(unitPriceWithChoices(3900, [extras], ['cheese', 'olives'])).toBe(4700);
    expect(unitPriceWithChoices(3900, [extras], [])).toBe(3900);
    expect(unitPriceWithChoices(100, [{ ...extras, options: [option('less', 'extra', -500)] }], ['less'])).toBe(0);
  });
});

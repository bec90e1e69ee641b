import { describe, expect, it } from 'vitest';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { ImportProblem } from './import.types.ts';
import { normaliseRow } from './import-rows.ts';
import { formatOptionsCell, parseOptionsCell } from './option-cell.ts';

/** A reader that knows two allergens by their Romanian names, as the row reader does. */
const readAllergens = (value: string, problems: ImportProblem[]): AllergenKey[] =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .flatMap((name): AllergenKey[] => {
      if (name === 'lactate') return ['milk'];
      if (name === 'nuci') return ['nuts'];
      problems.push({ code: 'unknownAllergen', field: 'options', value: name });
      return [];
    });

const parse = (cell: string, cellEn?: string) => parseOptionsCell(cell, cellEn, readAllergens);

describe('the options cell of an import', () => {
  it('reads a size group that sets the price and extras that add to it, in lei with decimals', () => {
    const { groups, problems } = parse('Mărime (1) =: Mică 30 | Mare 45,50; Extra (0-2): Cașcaval +5 [lactate] | Măsline +3 lei | Fără ceapă -1,5');
    expect(problems).toEqual([]);
    expect(groups).toEqual([
      {
        nameRo: 'Mărime',
        nameEn: null,
        minChoices: 1,
        maxChoices: 1,
        pricing: 'set',
        options: [
          { nameRo: 'Mică', nameEn: null, priceMinor: 3000, allergens: [], traces: [] },
          { nameRo: 'Mare', nameEn: null, priceMinor: 4550, allergens: [], traces: [] },
        ],
      },
      {
        nameRo: 'Extra',
        nameEn: null,
        minChoices: 0,
        maxChoices: 2,
        pricing: 'add',
        options: [
          { nameRo: 'Cașcaval', nameEn: null, priceMinor: 500, allergens: ['milk'], traces: [] },
          { nameRo: 'Măsline', nameEn: null, priceMinor: 300, allergens: [], traces: [] },
          { nameRo: 'Fără ceapă', nameEn: null, priceMinor: -150, allergens: [], traces: [] },
        ],
      },
    ]);
  });

  it('reads each rule: exactly one, up to, between, exactly n, and none (any number, none required)', () => {
    const rules = (cell: string) => parse(cell).groups.map((group) => [group.minChoices, group.maxChoices]);
    expect(rules('Lapte (1): Vacă 0 | Ovăz +3')).toEqual([[1, 1]]);
    expect(rules('Sos (0-2): A | B | C')).toEqual([[0, 2]]);
    expect(rules('Garnituri (1-3): A | B | C')).toEqual([[1, 3]]);
    expect(rules('Garnituri (2): A | B | C')).toEqual([[2, 2]]);
    expect(rules('Extra: A +1 | B +2 | C')).toEqual([[0, 3]]);
    // a size group is exactly one, written or not
    expect(rules('Mărime =: Mică 30 | Mare 45')).toEqual([[1, 1]]);
  });

  it('keeps a group name with words in brackets, an option name ending in a number, and traces', () => {
    const { groups, problems } = parse('Sos (la alegere) (1): Apă 0,5 0 | Ardei iute 2 [urme: nuci]');
    expect(problems).toEqual([]);
    expect(groups[0]?.nameRo).toBe('Sos (la alegere)');
    expect(groups[0]?.options.map((option) => [option.nameRo, option.priceMinor, option.traces])).toEqual([
      ['Apă 0,5', 0, []],
      ['Ardei iute', 200, ['nuts']],
    ]);
  });

  it('takes the English names from the second cell, in the same order', () => {
    const { groups } = parse('Lapte (1): Vacă 0 | Ovăz +3', 'Milk: Cow 0 | Oat +3');
    expect(groups[0]?.nameEn).toBe('Milk');
    expect(groups[0]?.options.map((option) => option.nameEn)).toEqual(['Cow', 'Oat']);
    expect(parse('Lapte (1): Vacă 0 | Ovăz +3', 'Milk: Cow').problems).toEqual([{ code: 'optionNamesEn', field: 'optionsEn' }]);
  });

  it('refuses what cannot be ordered or read, naming the group or the option', () => {
    const codes = (cell: string) => parse(cell).problems.map((problem) => [problem.code, problem.value]);
    expect(codes('Mărime Mică 30')).toEqual([['optionGroupUnreadable', 'Mărime Mică 30']]);
    expect(codes('Mărime (1):')).toEqual([['optionGroupUnreadable', 'Mărime (1):']]);
    expect(codes('Extra (3): A | B')).toEqual([['optionRule', 'Extra']]);
    expect(codes('Extra (2-1): A | B')).toEqual([['optionRule', 'Extra']]);
    expect(codes('Extra (0-0): A | B')).toEqual([['optionRule', 'Extra']]);
    expect(codes('Mărime (0-2) =: Mică 30 | Mare 45')).toEqual([['optionRule', 'Mărime']]);
    expect(codes('Mărime =: Mică | Mare 45')).toEqual([['optionPrice', 'Mică']]);
    expect(codes('Mărime =: Mică +30 | Mare 45')).toEqual([['optionPrice', 'Mică']]);
    expect(codes('Extra: A +1 | B +2; extra: C')).toEqual([['optionGroupTwice', 'extra']]);
    expect(codes('Extra: A +1 [ouă]')).toEqual([['unknownAllergen', 'ouă']]);
    expect(codes(Array.from({ length: 9 }, (_, i) => `G${i}: A`).join('; '))).toEqual([['optionsTooMany', '8']]);
    expect(parse('Extra: A +1 | B x').groups).toEqual([
      {
        nameRo: 'Extra',
        nameEn: null,
        minChoices: 0,
        maxChoices: 2,
        pricing: 'add',
        options: [
          { nameRo: 'A', nameEn: null, priceMinor: 100, allergens: [], traces: [] },
          { nameRo: 'B x', nameEn: null, priceMinor: 0, allergens: [], traces: [] },
        ],
      },
    ]);
  });

  it('writes groups back so that they read the same (the export)', () => {
    const cell = 'Mărime (1) =: Mică 30 | Mare 45,50; Extra (0-2): Cașcaval +5 [lactate] [urme: nuci] | Fără ceapă -1,50 | Apă 0,5 +0';
    const first = parse(cell, 'Size: Small | Large; Extra: Cheese | No onion | Water 0,5 +0').groups;
    const written = formatOptionsCell(
      first.map((group) => ({ ...group, options: group.options.map((option) => ({ ...option, allergens: option.allergens, traces: option.traces })) })),
    );
    // the export writes keys for allergens, which the import's own reader understands
    const again = parseOptionsCell(written.ro, written.en, (value, problems) => readAllergens(value.replace('milk', 'lactate').replace('nuts', 'nuci'), problems));
    expect(again.problems).toEqual([]);
    expect(again.groups).toEqual(first);
    expect(formatOptionsCell([]).ro).toBe('');
  });

  it('is part of a row: a row with a bad options cell has the problem and no dish', () => {
    const row = normaliseRow({ nameRo: 'Pizza', price: '30', options: 'Mărime (1) =: Mică 30 | Mare 45; Extra (0-2): Cașcaval +5 [lactate]' });
    expect(row.problems).toEqual([]);
    expect(row.dish?.options.map((group) => group.options[0]?.allergens)).toEqual([[], ['milk']]);
    const bad = normaliseRow({ nameRo: 'Pizza', price: '30', options: 'Mărime (1) =: Mică | Mare 45' });
    expect(bad.dish).toBeNull();
    expect(bad.problems).toEqual([{ code: 'optionPrice', field: 'options', value: 'Mică' }]);
  });
});

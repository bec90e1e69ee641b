import { OPTION_LIMITS, type OptionPricing } from '#app/modules/options/options.types.ts';
import type { AllergenKey } from '#app/modules/product/allergens.ts';
import type { ImportProblem } from './import.types.ts';

/**
 * The "Opțiuni" column of a CSV or XLSX import (issue 35 item 6): a dish's option groups in one
 * cell, written as a person reads them. docs/import-options.md is the reference; in short:
 *
 *   Mărime (1) =: Mică 30 | Mare 45; Extra (0-2): Cașcaval +5 [lactate] | Măsline +3
 *
 * - groups are separated by `;`, a group's options by `|`; a group is `Name (rule) =: options`;
 * - the rule in brackets: `(1)` exactly one, `(0-2)` up to two, `(1-3)` between one and three; none:
 *   any number, none required (a size group, `=`, is always exactly one);
 * - `=` before the colon: a size group, whose option's price is the dish's price (`Mică 30`);
 *   otherwise each option changes the price (`+5`, `-2`, `0`; a bare `5` adds 5), in lei with
 *   decimals (`+2,50`), `lei` after it allowed; an option without a price adds nothing;
 * - after the price, `[lactate, gluten]` the option's allergens and `[urme: nuci]` its traces.
 *
 * The "Opțiuni (EN)" column repeats the same groups and options with English names (prices and
 * rules there are ignored); its counts must match.
 */

export interface ImportedOption {
  nameRo: string;
  nameEn: string | null;
  priceMinor: number;
  allergens: AllergenKey[];
  traces: AllergenKey[];
}

export interface ImportedOptionGroup {
  nameRo: string;
  nameEn: string | null;
  minChoices: number;
  maxChoices: number;
  pricing: OptionPricing;
  options: ImportedOption[];
}

/** Reads an allergen list (the row reader's, so the same names are understood); unknown names are problems. */
export type AllergenReader = (value: string, problems: ImportProblem[]) => AllergenKey[];

/** Splits on `separator` outside square brackets (an allergen list may hold commas). */
function splitOutside(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '[') depth++;
    if (char === ']') depth = Math.max(0, depth - 1);
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.replace(/\s+/g, ' ').trim()).filter((part) => part !== '');
}

/** The head of a group: its name, its rule in brackets, `=` for a size group. */
const HEAD = /^(.*?)\s*(?:\((\d{1,2})(?:\s*[-–]\s*(\d{1,2}))?\))?\s*(=)?$/;
/** An option's trailing price: a sign or none, lei with up to two decimals, `lei` after it. */
const PRICE = /^(.*?)\s*(?:^|\s)([+\-−]?)(\d{1,7})(?:[.,](\d{1,2}))?\s*(?:lei|ron)?\.?$/i;
/** An option's trailing bracket: `[lactate, ouă]` or `[urme: nuci]`. */
const BRACKET = /\s*\[([^\]]*)\]$/;
const TRACES = /^\s*(urme|traces|poate conține urme|may contain)\s*:\s*/i;

interface ParsedOption {
  name: string;
  price: { sign: string; minor: number } | null;
  allergens: string;
  traces: string;
}

function parseOption(text: string): ParsedOption {
  let rest = text;
  let allergens = '';
  let traces = '';
  for (let match = BRACKET.exec(rest); match; match = BRACKET.exec(rest)) {
    const inside = match[1] ?? '';
    if (TRACES.test(inside)) traces = inside.replace(TRACES, '');
    else allergens = inside;
    rest = rest.slice(0, match.index);
  }
  const price = PRICE.exec(rest);
  if (!price || (price[1] ?? '') === '') return { name: rest.trim(), price: null, allergens, traces };
  const [, name = '', sign = '', whole = '0', fraction = ''] = price;
  return { name: name.trim(), price: { sign: sign === '−' ? '-' : sign, minor: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) }, allergens, traces };
}

interface ParsedGroup {
  text: string;
  name: string;
  rule: [number, number] | null;
  set: boolean;
  options: ParsedOption[];
}

function parseGroups(cell: string, problems: ImportProblem[], field: 'options' | 'optionsEn'): ParsedGroup[] | null {
  const groups: ParsedGroup[] = [];
  for (const text of splitOutside(cell, ';')) {
    const colon = text.indexOf(':');
    const head = colon < 0 ? null : HEAD.exec(text.slice(0, colon).trim());
    const options = colon < 0 ? [] : splitOutside(text.slice(colon + 1), '|').map(parseOption);
    if (!head || !head[1] || options.length === 0 || options.some((option) => option.name === '')) {
      problems.push({ code: 'optionGroupUnreadable', field, value: text });
      return null;
    }
    const min = head[2] === undefined ? null : Number(head[2]);
    groups.push({ text, name: head[1], rule: min === null ? null : [min, head[3] === undefined ? min : Number(head[3])], set: head[4] === '=', options });
  }
  return groups;
}

/** A group's rule checked: a size group is exactly one; a rule a guest can satisfy with these options. */
function ruleOf(group: ParsedGroup): [number, number] | null {
  const count = group.options.length;
  const [min, max] = group.rule ?? (group.set ? [1, 1] : [0, count]);
  if (group.set && (min !== 1 || max !== 1)) return null;
  if (max < 1 || min > max || min > count || max > OPTION_LIMITS.maxChoices) return null;
  return [min, max];
}

/** The option's price in minor units for its group, or null when it cannot be read as one. */
function priceOf(option: ParsedOption, set: boolean): number | null {
  if (option.price === null) return set ? null : 0;
  const { sign, minor } = option.price;
  if (minor > OPTION_LIMITS.maxPriceMinor) return null;
  if (set) return sign === '' ? minor : null;
  return sign === '-' ? -minor : minor;
}

/**
 * The groups of one row's "Opțiuni" cell (and its English names), or the problems that keep it
 * out: every group readable, its rule possible, every price a price, the limits kept.
 */
export function parseOptionsCell(
  cell: string | undefined,
  cellEn: string | undefined,
  readAllergens: AllergenReader,
): { groups: ImportedOptionGroup[]; problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const parsed = parseGroups(cell ?? '', problems, 'options');
  if (!parsed) return { groups: [], problems };
  if (parsed.length > OPTION_LIMITS.groupsPerDish) problems.push({ code: 'optionsTooMany', field: 'options', value: String(OPTION_LIMITS.groupsPerDish) });
  const english = (cellEn ?? '').trim() === '' ? null : parseGroups(cellEn ?? '', problems, 'optionsEn');
  if (english && (english.length !== parsed.length || english.some((group, i) => group.options.length !== parsed[i]?.options.length))) {
    problems.push({ code: 'optionNamesEn', field: 'optionsEn' });
  }
  const seen = new Set<string>();
  const groups = parsed.map((group, g): ImportedOptionGroup => {
    const rule = ruleOf(group);
    if (!rule) problems.push({ code: 'optionRule', field: 'options', value: group.name });
    if (group.options.length > OPTION_LIMITS.optionsPerGroup) problems.push({ code: 'optionsTooMany', field: 'options', value: String(OPTION_LIMITS.optionsPerGroup) });
    if (seen.has(group.name.toLowerCase())) problems.push({ code: 'optionGroupTwice', field: 'options', value: group.name });
    seen.add(group.name.toLowerCase());
    const names = [group.name, ...group.options.map((option) => option.name)];
    for (const name of names) if (name.length > OPTION_LIMITS.nameChars) problems.push({ code: 'tooLong', field: 'options' });
    const groupEn = english?.[g];
    return {
      nameRo: group.name,
      nameEn: groupEn?.name ?? null,
      minChoices: rule?.[0] ?? 0,
      maxChoices: rule?.[1] ?? 1,
      pricing: group.set ? 'set' : 'add',
      options: group.options.map((option, o) => {
        const priceMinor = priceOf(option, group.set);
        if (priceMinor === null) problems.push({ code: 'optionPrice', field: 'options', value: option.name });
        return {
          nameRo: option.name,
          nameEn: groupEn?.options[o]?.name ?? null,
          priceMinor: priceMinor ?? 0,
          allergens: readAllergens(option.allergens, problems),
          traces: readAllergens(option.traces, problems),
        };
      }),
    };
  });
  return { groups: problems.length > 0 ? [] : groups, problems };
}

/** Lei as the cell writes them: `30`, `2,50` (the Romanian decimal comma, no needless decimals). */
function lei(minor: number): string {
  const whole = Math.floor(Math.abs(minor) / 100);
  const fraction = Math.abs(minor) % 100;
  return fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0')}`;
}

function ruleText(group: Pick<ImportedOptionGroup, 'minChoices' | 'maxChoices' | 'pricing'>): string {
  if (group.pricing === 'set') return ' (1) =';
  return group.minChoices === group.maxChoices ? ` (${group.minChoices})` : ` (${group.minChoices}-${group.maxChoices})`;
}

function priceText(group: Pick<ImportedOptionGroup, 'pricing'>, minor: number): string {
  return group.pricing === 'set' ? lei(minor) : `${minor < 0 ? '-' : '+'}${lei(minor)}`;
}

/**
 * Groups written back as the cells read them (the export: export → import gives the same groups).
 * Every option carries its price, so a name ending in a number is never read as one; the English
 * cell repeats rules and prices for the same reason. Allergens are written as their keys, as the
 * export's allergen column does.
 */
export function formatOptionsCell(groups: readonly ImportedOptionGroup[]): { ro: string; en: string } {
  const ro = groups.map((group) => {
    const options = group.options.map((option) => {
      const allergens = option.allergens.length > 0 ? ` [${option.allergens.join(', ')}]` : '';
      const traces = option.traces.length > 0 ? ` [urme: ${option.traces.join(', ')}]` : '';
      return `${option.nameRo} ${priceText(group, option.priceMinor)}${allergens}${traces}`;
    });
    return `${group.nameRo}${ruleText(group)}: ${options.join(' | ')}`;
  });
  const hasEnglish = groups.some((group) => group.nameEn || group.options.some((option) => option.nameEn));
  const en = groups.map((group) => {
    const options = group.options.map((option) => `${option.nameEn || option.nameRo} ${priceText(group, option.priceMinor)}`);
    return `${group.nameEn || group.nameRo}${ruleText(group)}: ${options.join(' | ')}`;
  });
  return { ro: ro.join('; '), en: hasEnglish ? en.join('; ') : '' };
}

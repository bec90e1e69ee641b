import { z } from 'zod';
import { checkbox, optionalText, requiredText } from '#app/modules/editing/menu-fields.ts';
import { ALLERGEN_KEYS } from '#app/modules/product/allergens.ts';
import { OPTION_LIMITS, type OptionRuleKind } from './options.types.ts';

/**
 * The library editor's forms (decision 0034): a group (its names, rule and pricing) and an option
 * (names, price change, allergens, flags). Shared by the forms and the actions; rules that need the
 * database (a 'set' group's prices, the limits) are the service's.
 */

const RULE_KINDS = ['exactly-one', 'up-to', 'between'] as const satisfies readonly OptionRuleKind[];

/** A count of choices typed in a number field; blank is 0. */
const choiceCount = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return 0;
    if (!/^\d{1,3}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: 'wholeNumber' });
      return z.NEVER;
    }
    return Number(value);
  });

/**
 * A group: "exactly one" is 1..1; "up to N" is 0..N; "between" is min..max, with
 * 0 ≤ min ≤ max ≤ OPTION_LIMITS.maxChoices and max ≥ 1. Only an exactly-one group may set the
 * dish's price (a size: one of them is the price).
 */
export const OptionGroupInput = z
  .object({
    nameRo: requiredText(OPTION_LIMITS.nameChars),
    nameEn: optionalText(OPTION_LIMITS.nameChars),
    rule: z.enum(RULE_KINDS, { error: 'optionRule' }),
    minChoices: choiceCount,
    maxChoices: choiceCount,
    pricing: z.enum(['add', 'set'], { error: 'optionRule' }).default('add'),
  })
  .transform((input, ctx) => {
    const min = input.rule === 'exactly-one' ? 1 : input.rule === 'up-to' ? 0 : input.minChoices;
    const max = input.rule === 'exactly-one' ? 1 : input.maxChoices;
    if (max < 1 || max > OPTION_LIMITS.maxChoices) {
      ctx.addIssue({ code: 'custom', path: ['maxChoices'], message: 'optionMaxRange', params: { max: OPTION_LIMITS.maxChoices } });
    } else if (min > max) {
      ctx.addIssue({ code: 'custom', path: ['minChoices'], message: 'optionMinAboveMax' });
    }
    if (input.pricing === 'set' && input.rule !== 'exactly-one') ctx.addIssue({ code: 'custom', path: ['pricing'], message: 'optionSetNeedsOne' });
    return { nameRo: input.nameRo, nameEn: input.nameEn, minChoices: min, maxChoices: max, pricing: input.pricing };
  });
export type OptionGroupInput = z.infer<typeof OptionGroupInput>;

/**
 * A price change such as '3', '+3', '-2,50' or '0' in minor units, either way up to
 * OPTION_LIMITS.maxPriceMinor; blank is 0 (an option that costs nothing more).
 */
export const signedPriceMinor = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx) => {
    if (!value) return 0;
    const match = /^([+-−])?\s*(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'price' });
      return z.NEVER;
    }
    const amount = Number(match[2]) * 100 + Number((match[3] ?? '0').padEnd(2, '0'));
    if (amount > OPTION_LIMITS.maxPriceMinor) {
      ctx.addIssue({ code: 'custom', message: 'tooBig', params: { max: OPTION_LIMITS.maxPriceMinor / 100 } });
      return z.NEVER;
    }
    return match[1] === '-' || match[1] === '−' ? -amount : amount;
  });

const allergenList = z
  .array(z.enum(ALLERGEN_KEYS, { error: 'allergen' }))
  .default([])
  .transform((keys) => ALLERGEN_KEYS.filter((key) => keys.includes(key)));

/** An option: its names, its price change (or its price in a 'set' group), allergens, traces, sold out and shown. */
export const OptionItemInput = z.object({
  nameRo: requiredText(OPTION_LIMITS.nameChars),
  nameEn: optionalText(OPTION_LIMITS.nameChars),
  price: signedPriceMinor,
  allergens: allergenList,
  traces: allergenList,
  available: checkbox,
  visible: checkbox,
});
export type OptionItemInput = z.infer<typeof OptionItemInput>;

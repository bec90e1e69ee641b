import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { CategoryInput } from '#app/modules/category/category.schema.ts';
import { LocationInput } from '#app/modules/location/location.schema.ts';
import { OptionGroupInput, OptionItemInput } from '#app/modules/options/options.schema.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { fieldTranslationInput } from './field-translation.server.ts';
import { TRANSLATED_NAME_MAX } from './translation.types.ts';

/**
 * A translated name takes as many characters as the editor's Romanian name of the same table, no more (session 17 saw
 * option names translated up to 120 characters where the option editor takes 60). The editors' schemas are the oracle.
 */
const editors: [keyof typeof TRANSLATED_NAME_MAX, z.ZodType][] = [
  ['location', LocationInput],
  ['category', CategoryInput],
  ['product', ProductInput],
  ['optionGroup', OptionGroupInput],
  ['optionItem', OptionItemInput],
];

const nameIssue = (schema: z.ZodType, length: number) => schema.safeParse({ nameRo: 'x'.repeat(length) }).error?.issues.find((issue) => issue.path[0] === 'nameRo');

describe('translated names are as long as the editor allows', () => {
  it.each(editors)('%s: the limit is the editor’s, and the panel refuses one character more', (table, schema) => {
    const max = TRANSLATED_NAME_MAX[table];
    expect(nameIssue(schema, max)).toBeUndefined();
    expect(nameIssue(schema, max + 1)).toMatchObject({ message: 'tooLong' });
    const panel = fieldTranslationInput(table);
    expect(panel.safeParse({ field: 'name', language: 'de', text: 'x'.repeat(max) }).success).toBe(true);
    expect(panel.safeParse({ field: 'name', language: 'de', text: 'x'.repeat(max + 1) }).error?.issues[0]).toMatchObject({ path: ['text'], message: 'tooLong', maximum: max });
  });
});

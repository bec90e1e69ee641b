/** The translation run as the settings page shows it (plain: safe for ui/). */
export interface TranslationProgressView {
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  /** the provider's or the configuration's message, translated, when it stopped */
  errorMessage: string | null;
}

/** One field in English or an extra language, for the editor's translations panel. */
export interface FieldTranslationView {
  field: 'name' | 'description' | 'ingredients';
  language: 'en' | 'de' | 'fr' | 'it' | 'es' | 'hu' | 'pl';
  text: string;
  /** the Romanian it translates */
  source: string;
  /** missing; machine: "tradus automat"; owner; outdated: the Romanian changed since */
  state: 'missing' | 'machine' | 'owner' | 'outdated';
  /** what the panel's save must send back: a digest of this text and its Romanian (decision 0015) */
  version: string;
  /** the longest text the field takes: a name as long as its editor's name field, other fields 2,000 */
  maxLength: number;
}

/**
 * A translated name is as long as the Romanian name its editor takes, table by table (a location's and a category's
 * 80, a dish's 120, an option group's and an option's 60): a German option name of 120 characters would break the
 * add form an option name of 60 was laid out for. Pinned to the editors' limits by field-translation.int.test.ts.
 */
export const TRANSLATED_NAME_MAX = { restaurant: 120, location: 80, category: 80, product: 120, optionGroup: 60, optionItem: 60 } as const;
/** Any other translated field (a description, the ingredients). */
export const TRANSLATED_TEXT_MAX = 2000;

/** The longest text a field of a table takes in any language: the owner's own and the machine's alike. */
export const translatedMaxLength = (table: keyof typeof TRANSLATED_NAME_MAX, field: string) => (field === 'name' ? TRANSLATED_NAME_MAX[table] : TRANSLATED_TEXT_MAX);

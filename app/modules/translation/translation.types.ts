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
}

/** The translation run as the settings page shows it (plain: safe for ui/). */
export interface TranslationProgressView {
  status: 'running' | 'done' | 'failed';
  total: number;
  done: number;
  /** the provider's or the configuration's message, translated, when it stopped */
  errorMessage: string | null;
}

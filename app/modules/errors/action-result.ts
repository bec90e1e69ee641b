/**
 * What an editor action answers (`runEditorAction`) and ui/editor/ reads back: a translated
 * message, or a translated error with one message per field and the values typed. Plain types,
 * safe for the browser bundle.
 */
export type FieldErrors = Record<string, string>;

export type ActionResult =
  | { ok: true; message: string; id?: string; /** shown once and never again (a printer's polling address with its token) */ secret?: string }
  | {
      ok: false;
      error: string;
      fieldErrors: FieldErrors;
      values?: Record<string, unknown>;
      /** the AppError's code, when a rule refused it ('stale-edit' offers a reload) */ code?: string;
    };

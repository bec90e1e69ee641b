/** The import page's shared looks: a link styled as a button, the main button, a form field. */
export const linkClass =
  'inline-flex min-h-11 items-center rounded-lg border border-stone-300 bg-white px-4 py-2 font-semibold text-primary-800 hover:border-primary-600 hover:bg-primary-50 dark:border-stone-700 dark:bg-stone-900 dark:text-primary-100 dark:hover:bg-stone-800';
export const buttonClass = 'inline-flex min-h-11 items-center rounded-lg bg-primary-700 px-4 py-2 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';
export const fieldClass = 'mt-1 block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2 dark:border-stone-700 dark:bg-stone-900';

export interface ImportLocation {
  id: string;
  nameRo: string;
  nameEn: string | null;
}

import type { ReactNode } from 'react';

/** The marketing pages' two button looks, for links; 48 px tall (tap target ≥ 44 px). */
export const primaryButton = 'inline-flex min-h-12 items-center justify-center rounded-lg bg-primary-600 px-6 text-lg font-semibold text-white hover:bg-primary-700';
export const secondaryButton =
  'inline-flex min-h-12 items-center justify-center rounded-lg border border-stone-300 bg-white px-6 text-lg font-semibold text-stone-900 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-white dark:hover:bg-stone-800';

/** A titled card of a feature grid: a short tomato rule, a heading, a paragraph. */
export function FeatureCard({ title, children, level = 3 }: { title: string; children: ReactNode; level?: 3 | 4 }) {
  const Heading = level === 3 ? 'h3' : 'h4';
  return (
    <li className="rounded-[10px] border border-stone-200 bg-white p-5 dark:border-stone-800 dark:bg-stone-900">
      <span aria-hidden="true" className="block h-1 w-8 rounded-full bg-primary-600" />
      <Heading className="mt-3 text-lg font-semibold text-pretty">{title}</Heading>
      <p className="mt-2 text-stone-700 dark:text-stone-300">{children}</p>
    </li>
  );
}

/** A check mark for plan lists, decorative. */
export function CheckIcon() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-1 h-5 w-5 shrink-0 text-olive-600 dark:text-stone-300" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

import type { ReactNode } from 'react';

const summaryClass =
  'inline-flex min-h-11 cursor-pointer list-none items-center rounded-lg px-3 font-medium text-primary-800 hover:bg-primary-50 dark:text-primary-100 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden';

/**
 * An action that asks first, as a native disclosure: the summary opens the question and its
 * confirming form (keyboard and screen readers get a button that says it expands; works before
 * hydration and without JavaScript). `name` completes the summary's accessible name ("Remove: Ana").
 */
export function ConfirmDisclosure({ label, name, question, children, className }: { label: string; name?: string; question: string; children: ReactNode; className?: string }) {
  return (
    <details className={className}>
      <summary className={summaryClass}>
        {label}
        {name ? <span className="sr-only">: {name}</span> : null}
      </summary>
      <div className="mt-2 space-y-3 rounded-[10px] border border-primary-600 p-3">
        <p>{question}</p>
        {children}
      </div>
    </details>
  );
}

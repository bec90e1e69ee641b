/** The outcome of a form: an error to fix (alert) or a confirmation (status), announced to screen readers. */
export function FormMessages({ error, notice }: { error?: string; notice?: string }) {
  return (
    <div aria-live="polite">
      {error ? (
        <p role="alert" className="mt-6 rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="mt-6 rounded-lg border border-olive-600 bg-white p-3 font-medium text-olive-700 dark:bg-stone-900 dark:text-stone-100">
          {notice}
        </p>
      ) : null}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Icon } from './icons.tsx';

export const inputClass =
  'mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-base text-stone-900 aria-[invalid=true]:border-primary-600 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-primary-600 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';

interface FieldFrame {
  label: string;
  error?: string;
  hint?: string;
  className?: string;
}

/** Label, control, hint and error wired together for screen readers (aria-describedby, aria-invalid). */
function Frame({ label, error, hint, className, children }: FieldFrame & { children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': described })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-primary-800 dark:text-primary-100">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {(props) => <input {...input} {...props} className={inputClass} />}
    </Frame>
  );
}

export function TextArea({ label, error, hint, className, ...input }: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {(props) => <textarea rows={3} {...input} {...props} className={`${inputClass} py-2`} />}
    </Frame>
  );
}

export function SelectField({ label, error, hint, className, children, ...input }: FieldFrame & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame label={label} error={error} hint={hint} className={className}>
      {(props) => (
        <select {...input} {...props} className={inputClass}>
          {children}
        </select>
      )}
    </Frame>
  );
}

export function CheckboxField({ label, className, ...input }: { label: string; className?: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className={`flex min-h-11 items-center gap-3 ${className ?? ''}`}>
      <input type="checkbox" {...input} className="size-5 shrink-0 accent-primary-600" />
      <span>{label}</span>
    </label>
  );
}

export const primaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700 disabled:opacity-60';
export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-400 bg-white px-4 font-medium text-stone-900 hover:bg-stone-100 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800';
/** A square 44 px button around an icon (app.css: `.icon-button`, one short class on every row's controls). */
export const iconButton = 'icon-button';

/**
 * A titled group of a long form (product, settings). `min-w-0`: a fieldset is otherwise at least as
 * wide as its widest content (min-inline-size: min-content), and pushed a phone's page sideways.
 */
export function Fieldset({ legend, children, className }: { legend: string; children: ReactNode; className?: string }) {
  return (
    <fieldset className={`min-w-0 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800 ${className ?? ''}`}>
      <legend className="px-1 text-lg font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * A row's edit form folded under "Edit …", opened by itself when the last save was refused. The
 * form is rendered only once the owner opens it (then kept, with what was typed, when folded
 * again): a long menu has a form per category and location, and drawing them all made the
 * editor slower to become interactive (bench:admin).
 */
export function EditInPlace({
  label,
  name,
  open = false,
  className,
  children,
}: {
  label: string;
  name: string;
  /** held open (a refused save) */ open?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const [opened, setOpened] = useState(open);
  // opened before hydration (the native <details> works without React): draw the form now
  useEffect(() => {
    if (details.current?.open) setOpened(true);
  }, []);
  return (
    <details ref={details} className={className} open={open || undefined} onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-stone-700 dark:text-stone-300">
        <Icon name="pencil" className="size-4" />
        {label}
        <span className="sr-only">: {name}</span>
      </summary>
      {opened || open ? children : null}
    </details>
  );
}

/**
 * A refused save's one-line reason, announced. A stale form (someone saved first) also offers a
 * reload: a real page load, so the form shows the latest saved version.
 */
export function FormAlert({ error, stale }: { error: string | undefined; stale?: boolean }) {
  if (!error) return null;
  return (
    <div role="alert" className="rounded-lg border border-primary-600 bg-primary-50 p-3 font-medium text-primary-800">
      <p>{error}</p>
      {stale ? <ReloadLatest /> : null}
    </div>
  );
}

/** A full page load of the current address: the form then shows the latest saved version. */
export function ReloadLatest() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <a href={`${pathname}${search}`} className="mt-2 inline-flex min-h-11 items-center font-medium underline underline-offset-2">
      {t('editor.reloadLatest')}
    </a>
  );
}

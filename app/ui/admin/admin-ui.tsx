import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useFetcher, useLocation } from 'react-router';
import { primaryButton, secondaryButton } from '#app/ui/editor/fields.tsx';
import { useToast } from '#app/ui/toast/toast-provider.tsx';

/** The back office's small kit: navigation, confirmation dialogs, pagination (presentational, no data access). */

export const smallButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-stone-400 px-3 font-medium hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800';
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-red-700 px-3 font-medium text-red-800 hover:bg-red-50 dark:border-red-400 dark:text-red-200 dark:hover:bg-red-950';
export const fieldClass = 'min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 text-stone-900 dark:border-stone-600 dark:bg-stone-900 dark:text-stone-100';
export const linkClass = 'text-primary-700 underline dark:text-primary-100';

const NAV = [
  { to: '/admin', key: 'overview', end: true },
  { to: '/admin/restaurants', key: 'restaurants', end: false },
  { to: '/admin/users', key: 'users', end: false },
  { to: '/admin/messages', key: 'messages', end: false },
  { to: '/admin/settings', key: 'settings', end: false },
  { to: '/admin/audit', key: 'audit', end: false },
  { to: '/admin/jobs', key: 'jobs', end: false },
] as const;

// i18n-keys: backoffice.nav.overview backoffice.nav.restaurants backoffice.nav.users backoffice.nav.messages backoffice.nav.settings backoffice.nav.audit backoffice.nav.jobs
export function AdminNav({ unread }: { unread: number }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('backoffice.nav.label')} className="border-b border-stone-200 dark:border-stone-800">
      {/* on a phone the row scrolls sideways instead of wrapping into a wall of links */}
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-4">
        {NAV.map((item) => (
          <li key={item.to} className="shrink-0">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `inline-flex min-h-11 items-center gap-2 border-b-2 px-3 font-medium ${isActive ? 'border-primary-600 text-stone-950 dark:text-white' : 'border-transparent text-stone-700 hover:text-stone-950 dark:text-stone-300 dark:hover:text-white'}`
              }
            >
              {t(`backoffice.nav.${item.key}`)}
              {item.key === 'messages' && unread > 0 ? (
                <span className="rounded-full bg-primary-600 px-2 text-sm font-semibold text-white">
                  <span aria-hidden="true">{unread}</span>
                  <span className="sr-only">{t('backoffice.nav.unread', { count: unread })}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type Answer = { notice?: string | undefined; error?: string | undefined };

/** Shows an action's answer as a toast: its notice, or its refusal. */
export function useAnswerToast(answer: Answer | undefined) {
  const toast = useToast();
  useEffect(() => {
    if (answer?.notice) toast({ message: answer.notice });
    else if (answer?.error) toast({ message: answer.error, type: 'error' });
  }, [answer, toast]);
}

/**
 * Every confirmed action shares one fetcher, so its answer outlives the button that asked: revoking
 * PRO removes the revoke button, deleting a message removes its row, in the same render that brings
 * the answer back. The back office's frame, which stays, shows the toast (useAdminActionToast).
 */
const ADMIN_ACTION_FETCHER = 'admin-action';

/** The toast of every confirmed action; rendered by the back office's frame. */
export function useAdminActionToast() {
  useAnswerToast(useFetcher<Answer>({ key: ADMIN_ACTION_FETCHER }).data);
}

/**
 * A button that asks first, in a native modal dialog (focus moves in and stays, Escape cancels,
 * focus returns to the button), then posts `intent` with `fields` (and whatever `children` add,
 * e.g. a period to choose). The answer comes back as a toast; while any is on the way, every
 * button of the page waits (one fetcher).
 */
export function ConfirmAction({
  label,
  question,
  intent,
  fields,
  children,
  buttonClassName = smallButton,
  confirmLabel,
  action,
}: {
  label: string;
  question: string;
  intent: string;
  fields: Record<string, string>;
  children?: ReactNode;
  buttonClassName?: string;
  confirmLabel?: string;
  action?: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<Answer>({ key: ADMIN_ACTION_FETCHER });
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  // counts the opener's clicks (0: not asking): the dialog stays mounted until its close event, a task after it
  // closed, and a click in between (Escape, then Enter at once) must open it again, not find it still "asking"
  const [asked, setAsked] = useState(0);
  const titleId = useId();
  const busy = fetcher.state !== 'idle';
  useEffect(() => {
    const element = dialog.current;
    if (!asked || !element || element.open) return;
    element.showModal();
    cancel.current?.focus();
  }, [asked]);
  const close = () => {
    dialog.current?.close();
  };
  return (
    <>
      {/* busy while its answer is on the way: aria-disabled, not disabled, so the focus the dialog gave back stays on it */}
      <button
        ref={opener}
        type="button"
        className={`${buttonClassName} aria-disabled:opacity-60`}
        onClick={() => busy || setAsked((count) => count + 1)}
        aria-disabled={busy || undefined}
      >
        {label}
      </button>
      {asked ? (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onClose={(event) => {
            // a close event that comes after the opener opened it again is stale
            if (event.currentTarget.open) return;
            setAsked(0);
            opener.current?.focus();
          }}
          className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-[12px] bg-white p-6 text-stone-900 shadow-xl backdrop:bg-stone-950/50 dark:bg-stone-900 dark:text-stone-100"
        >
          <h2 id={titleId} className="text-lg font-semibold">
            {label}
          </h2>
          <p className="mt-2">{question}</p>
          <fetcher.Form method="post" action={action} className="mt-4" onSubmit={close}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {children}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <button ref={cancel} type="button" className={secondaryButton} onClick={close} autoFocus>
                {t('backoffice.common.cancel')}
              </button>
              <button type="submit" name="intent" value={intent} className={primaryButton}>
                {confirmLabel ?? t('backoffice.common.confirm')}
              </button>
            </div>
          </fetcher.Form>
        </dialog>
      ) : null}
    </>
  );
}

/** Previous / next links that keep the page's other search parameters. */
export function Pager({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  const hrefOf = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set('page', String(n));
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <nav aria-label={t('backoffice.common.pageOf', { page, count: pageCount })} className="mt-4 flex flex-wrap items-center gap-3">
      <span>
        {t('backoffice.common.results', { count: total })} · {t('backoffice.common.pageOf', { page, count: pageCount })}
      </span>
      {page > 1 ? (
        <Link className={smallButton} to={hrefOf(page - 1)} rel="prev">
          {t('backoffice.common.previous')}
        </Link>
      ) : null}
      {page < pageCount ? (
        <Link className={smallButton} to={hrefOf(page + 1)} rel="next">
          {t('backoffice.common.next')}
        </Link>
      ) : null}
    </nav>
  );
}

/** A page of the back office: its title and content. */
export function AdminPage({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A wide table that scrolls sideways on a phone (with a keyboard too: the region takes focus). */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="mt-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-primary-600">
      {children}
    </div>
  );
}

export const th = 'py-2 pr-4 text-left font-semibold';
export const td = 'py-2 pr-4 align-top';

/** An audit row's actor with the role they acted in, when a member acted: "ana@example.com (Manager)". */
// i18n-keys: team.roles.*
export function actorWithRole(t: TFunction, actor: string, role: string | null): string {
  return role ? `${actor} (${t(`team.roles.${role}`)})` : actor;
}

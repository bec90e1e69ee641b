import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { hideToast, INITIAL_TOAST, showToast, toastRequestError, type ShowToast, type ToastState } from './toast.ts';

const ToastContext = createContext<(request: ShowToast) => void>(() => {});

/** Shows a toast from any component under the provider (the one implementation of the app). */
export function useToast(): (request: ShowToast) => void {
  return useContext(ToastContext);
}

/**
 * Where a toast appears: where its position says (default top-right, as specified), on a phone
 * too (issue 23: it sat at the bottom whatever the position). A top toast starts below the
 * header (--toast-top, app.css), so it never hides the header's controls (issue 17, friction 6);
 * on a phone it is as wide as the screen allows, on its side.
 */
const PLACEMENT = {
  'top-right': 'top-[var(--toast-top)] right-4 max-md:left-4 max-md:justify-end',
  'top-left': 'top-[var(--toast-top)] left-4 max-md:right-4 max-md:justify-start',
  'bottom-right': 'bottom-4 right-4 max-md:left-4 max-md:justify-end',
  'bottom-left': 'bottom-4 left-4 max-md:right-4 max-md:justify-start',
} as const;
const PHONE_PLACEMENT = 'max-md:flex';

/** Shows an action's notice (its success message) as a toast, once per answer (the same text twice is two toasts). */
export function useNoticeToast(result: { notice?: string | undefined } | undefined): void {
  const toast = useToast();
  useEffect(() => {
    if (result?.notice) toast({ message: result.notice });
  }, [result, toast]);
}

// DOMPurify (31 KB) is fetched with the first toast that carries markup, not with every page (issue 26)
let purifier: { sanitize(html: string): string; isSupported: boolean } | undefined;
let purifierLoad: Promise<void> | undefined;
function loadPurifier(): Promise<void> {
  purifierLoad ??= import('dompurify').then((module) => {
    purifier = module.default;
  });
  return purifierLoad;
}

/** Markup is sanitised in the browser; where that is impossible (or until the sanitiser arrives) it is shown as plain text. */
export function ToastBody({ toast }: { toast: ToastState }) {
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (toast.htmlContent && !purifier) void loadPurifier().then(() => setLoaded(true));
  }, [toast.htmlContent]);
  if (!toast.htmlContent) return <>{toast.message}</>;
  if (typeof window === 'undefined' || !purifier?.isSupported) return <>{toast.htmlContent}</>;
  return <span dangerouslySetInnerHTML={{ __html: purifier.sanitize(toast.htmlContent) }} />;
}

/**
 * One toast. The editor's script draws the same card before React runs (editor-enhance.js,
 * decision 0033); app/ui/editor/editor-markup.test.ts holds the two together.
 */
export function ToastCard({ toast }: { toast: ToastState }) {
  const colour = toast.type === 'success' ? 'bg-olive-600' : 'bg-primary-600';
  return (
    <div
      data-testid="toast"
      data-type={toast.type}
      className="pointer-events-auto w-80 max-w-[90vw] overflow-hidden rounded-[10px] border border-stone-200 bg-white text-stone-900 shadow-lg dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <div className="flex items-start gap-3 p-4">
        <span aria-hidden="true" className={`flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${colour}`}>
          {toast.type === 'success' ? '✓' : '!'}
        </span>
        <p className="min-w-0 flex-1">
          <ToastBody toast={toast} />
        </p>
      </div>
      <div className={`toast-progress h-1 origin-left ${colour}`} style={{ animationDuration: `${toast.duration}ms` }} />
    </div>
  );
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState>(INITIAL_TOAST);
  const [serial, setSerial] = useState(0);

  const show = useCallback((request: ShowToast) => {
    // refused before any state changes: the toast already shown stays, the page keeps working
    const refused = toastRequestError(request);
    if (refused) {
      console.error(refused);
      return;
    }
    setToast((state) => showToast(state, request));
    setSerial((n) => n + 1);
  }, []);

  // after the duration the toast hides and its message and content are cleared
  useEffect(() => {
    if (!toast.show) return;
    const timer = window.setTimeout(() => setToast(hideToast), toast.duration);
    return () => window.clearTimeout(timer);
  }, [serial, toast.show, toast.duration]);

  const success = toast.type === 'success';
  const value = useMemo(() => show, [show]);
  const card = toast.show ? <ToastCard key={serial} toast={toast} /> : null;
  // Two live regions, both always in the page: screen readers watch a region from when it exists,
  // so a role or aria-live set at the moment the text arrives is often not announced at all.
  // Success is polite (status); anything else interrupts (alert).
  const region = `pointer-events-none fixed z-50 ${PHONE_PLACEMENT} ${PLACEMENT[toast.position]}`;
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div role="status" aria-live="polite" data-testid="toast-status" className={region}>
        {success ? card : null}
      </div>
      <div role="alert" aria-live="assertive" data-testid="toast-alert" className={region}>
        {success ? null : card}
      </div>
    </ToastContext.Provider>
  );
}

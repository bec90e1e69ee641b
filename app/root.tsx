import { use, useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import reactOnDemandScript from './ui/react-on-demand.js?url';
import { DEFAULT_LOCALE, type Locale } from './i18n/locales.ts';
import { CATALOGUE_SCRIPT_ID } from './i18n/page-catalogue.ts';
import { PageCatalogueContext, pageI18n } from './i18n/page-i18n.ts';
import { getRequestLocale } from './i18n/locale.server.ts';
import { DEFERRED_SCRIPTS_ID, useDocumentMode, type OnDemandHandle } from './ui/hydration.ts';
import { useNonce } from './ui/nonce.tsx';
import { ToastProvider } from './ui/toast/toast-provider.tsx';
import { getDb } from './db/db.server.ts';
import { getSocialLinks } from './env.server.ts';
import { getLocalePolicy } from './i18n/locale-policy.ts';
import { getContactEmail, refreshPlatformSettings } from './modules/platform/platform-settings.server.ts';
import { getSessionUser, landingPathFor } from './modules/access/access.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/**
 * Before any loader or action: this process's copy of the stored app config (languages, contact
 * address, prices) is re-read when older than a few seconds, so a change made in the back office
 * reaches every app process (docs/decisions/0017-back-office.md).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_args, next) => {
    await refreshPlatformSettings(getDb());
    return next();
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  const account = user ? { email: user.email, role: user.role, home: await landingPathFor(getDb(), user) } : null;
  return { locale: getRequestLocale(request), availableLocales: getLocalePolicy().availableLocales, account, contactEmail: getContactEmail(), socialLinks: getSocialLinks() };
}

/** Routes whose `handle` says `{ document: true }` write their own <html> (the guest menu, decision 0025). */
function useOwnDocument(): boolean {
  return useMatches().some((match) => (match.handle as { document?: boolean } | undefined)?.document === true);
}

/**
 * React Router's loader-data chunks call `window.__reactRouterContext.streamController` as the page
 * arrives; in an on-demand document its real context is created only when React starts, so until
 * then the chunks are kept here, and handed over then (app/ui/react-on-demand.js).
 */
const STREAM_BUFFER = 'window.__reactRouterContext={streamController:{chunks:[],closed:false,enqueue(c){this.chunks.push(c)},close(){this.closed=true}}};';

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const locale: Locale = data?.locale ?? DEFAULT_LOCALE;
  const nonce = useNonce();
  // routes whose `handle` says `{ hydrate: false }` are sent as HTML and CSS only, `'on-demand'` with React's scripts inert (ui/hydration.ts)
  const mode = useDocumentMode();
  const onDemandScripts =
    useMatches()
      .map((match) => (match.handle as OnDemandHandle | undefined)?.scripts)
      .find(Boolean) ?? [];
  // the guest menu may be in a content language beyond the site's ro/en (its loader says which)
  const catalogue = use(PageCatalogueContext);
  const pageLang = useMatches()
    .map((match) => (match.loaderData as { htmlLang?: string } | undefined)?.htmlLang)
    .find(Boolean);
  if (useOwnDocument()) return children;
  return (
    <html lang={pageLang ?? locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
        {/* an on-demand page's own scripts, run whenever they arrive without holding up the page: they
            listen on the document, so they answer the first rows' buttons before the rest is parsed
            (decision 0033) */}
        {mode === 'on-demand' ? (
          <>
            <script async src={reactOnDemandScript} />
            {onDemandScripts.map((src) => (
              <script key={src} async src={src} />
            ))}
          </>
        ) : null}
      </head>
      <body>
        <I18nextProvider i18n={pageI18n(locale)}>{children}</I18nextProvider>
        {/* the page's own language and namespaces for the browser's i18next (issue 26; i18n/page-catalogue.ts) */}
        {mode !== 'none' && catalogue ? <script id={CATALOGUE_SCRIPT_ID} type="application/json" dangerouslySetInnerHTML={{ __html: catalogue }} /> : null}
        {mode === 'full' ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
        {mode === 'on-demand' ? (
          <>
            {/* the loader data React Router streams into the page waits here until React starts (decision 0033) */}
            <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: STREAM_BUFFER }} />
            <ScrollRestoration nonce={nonce} />
            {/* inert until the page's script starts React: no download, no parsing, no hydration before. A
                <noscript>, because React hoists a <link> anywhere else into the head (its module preloads
                would download at once) and the browser keeps a noscript's markup as text when scripts run */}
            <noscript id={DEFERRED_SCRIPTS_ID} suppressHydrationWarning>
              {typeof document === 'undefined' ? <Scripts nonce={nonce} /> : null}
            </noscript>
          </>
        ) : null}
      </body>
    </html>
  );
}

/** Tells an on-demand page's script that React now answers the page (decision 0033, app/ui/react-on-demand.js). */
function useAnnounceHydrated() {
  useEffect(() => {
    window.dispatchEvent(new Event('react:hydrated'));
  }, []);
}

export default function App() {
  useAnnounceHydrated();
  // no toasts on a page that writes its own document (and has no React in the browser)
  if (useOwnDocument()) return <Outlet />;
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const t = pageI18n(data?.locale ?? DEFAULT_LOCALE).t;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? t('errors.pageNotFound') : t('errors.unexpected');
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-semibold">{status}</h1>
      <p className="mt-4">{message}</p>
      <a className="mt-6 inline-block text-primary-700 underline" href="/">
        {t('notFound.backHome')}
      </a>
    </main>
  );
}

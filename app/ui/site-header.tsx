import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, NavLink, useLocation, useRouteLoaderData } from 'react-router';
import { LanguageSwitch } from './language-switch.tsx';
import { Logo } from './logo.tsx';

const NAV = [
  { to: '/', key: 'nav.home' },
  { to: '/pricing', key: 'nav.pricing' },
  { to: '/detalii', key: 'nav.features' },
  { to: '/contact', key: 'nav.contact' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 text-base font-medium ${
    isActive ? 'text-primary-700 dark:text-primary-100' : 'text-stone-700 hover:text-stone-950 dark:text-stone-200'
  }`;

/** docs/product-spec.md section 2 header: Acasă, Prețuri, Funcționalități, Contact, and the two account buttons. */
export function SiteHeader({ showAccountButtons = true }: { showAccountButtons?: boolean }) {
  // signed in: a link to the user's own area and sign-out; signed out: the two buttons of docs/product-spec.md section 2
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const menu = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLElement>(null);

  // The mobile menu is a <details>: a tap on ☰ opens it before JavaScript has loaded on a slow
  // phone (issue 17, friction 9), and on the pages sent without React at all (ui/site-enhance.js
  // then closes it on Escape). Once hydrated, the state follows the element (a tap made before
  // hydration included), and the menu closes on navigation and on Escape (docs/product-spec.md section 2). Escape
  // hands focus back to the toggle, so a keyboard user is not left on a link that has just been
  // hidden. A tap on a link closes it too: the link of the page already shown changes no pathname.
  const close = () => setOpen(false);
  useEffect(() => {
    if (menu.current?.open) setOpen(true);
  }, []);
  // on a navigation only: on mount this would undo the tap made before hydration
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    setOpen(false);
  }, [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const links = NAV.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end viewTransition className={linkClass} onClick={close}>
        {t(item.key)}
      </NavLink>
    </li>
  ));
  const account = useRouteLoaderData<{ account: { email: string; role: string; home: string } | null }>('root')?.account;
  const buttons = account ? (
    <>
      <Link
        to={account.home}
        onClick={close}
        className="flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800"
      >
        {account.role === 'admin' ? t('auth.platformAdmin') : t('auth.myRestaurant')}
      </Link>
      <Form method="post" action="/logout" reloadDocument>
        <button
          type="submit"
          className="flex min-h-11 items-center rounded-lg border border-stone-300 px-3 font-medium text-stone-800 hover:bg-stone-200 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          {t('auth.signOut')}
        </button>
      </Form>
    </>
  ) : showAccountButtons ? (
    <>
      <Link
        to="/login"
        onClick={close}
        className="flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800"
      >
        {t('nav.login')}
      </Link>
      <Link to="/login?register=true" onClick={close} className="flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
        {t('nav.register')}
      </Link>
    </>
  ) : null;

  return (
    <header className="site-header relative border-b border-stone-200 bg-white/95 dark:border-stone-800 dark:bg-stone-900">
      {/* Page to page without React Router: the browser's own cross-document view transition (app.css
          tunes it). Every document with this header opts in, the public pages and the signed-in ones
          alike: a transition the page left asks for and the page arrived at does not is aborted by
          Chromium with an uncaught "Transition was aborted because of invalid state" (issue 33 item
          18: signing in from /login into the admin). The guest's pages, without this header, stay instant. */}
      <style href="bucate-view-transition" precedence="default">
        {'@view-transition{navigation:auto}'}
      </style>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-stone-900">
        {t('app.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
        <Link to="/" viewTransition className="flex min-h-11 items-center gap-2 text-xl font-bold text-stone-900 dark:text-white">
          <Logo />
          <span>{t('app.name')}</span>
        </Link>
        {/* the full row from 1024 px: on a tablet (768 px) the four links, the language and the two
            account buttons made the page 844 px wide in Romanian (788 in English), so up to 1024 px
            the menu behind ☰ holds them (tests/e2e/page-widths.e2e.ts) */}
        <nav aria-label={t('nav.mainNavigation')} className="ml-4 hidden lg:block">
          <ul className="flex gap-1">{links}</ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 lg:flex">
          <LanguageSwitch />
          {buttons}
        </div>
        <details ref={menu} open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="group ml-auto lg:hidden" data-testid="mobile-menu">
          <summary
            ref={toggle}
            aria-controls={panelId}
            className="flex min-h-11 min-w-11 cursor-pointer list-none items-center justify-center rounded-lg text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800 [&::-webkit-details-marker]:hidden"
          >
            {/* on a page sent without JavaScript, ui/site-enhance.js swaps the label from these */}
            <span className="sr-only" data-open-label={t('nav.openMenu')} data-close-label={t('nav.closeMenu')}>
              {open ? t('nav.closeMenu') : t('nav.openMenu')}
            </span>
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
              <path className="hidden group-open:inline" d="M6 6l12 12M18 6L6 18" />
            </svg>
          </summary>
          <div id={panelId} className="absolute inset-x-0 top-full z-40 border-y border-stone-200 bg-white px-4 pb-4 shadow-lg dark:border-stone-800 dark:bg-stone-900">
            <nav aria-label={t('nav.mainNavigation')}>
              <ul className="flex flex-col py-2">{links}</ul>
            </nav>
            <div className="flex flex-wrap items-center gap-2">
              {buttons}
              <LanguageSwitch />
            </div>
          </div>
        </details>
      </div>
    </header>
  );
}

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

/** Spec section 2 header: Acasă, Prețuri, Funcționalități, Contact, and the two account buttons. */
export function SiteHeader({ showAccountButtons = true }: { showAccountButtons?: boolean }) {
  // signed in: a link to the user's own area and sign-out; signed out: the spec's two buttons
  const { t } = useTranslation();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const toggle = useRef<HTMLButtonElement>(null);

  // The mobile menu closes on navigation and on Escape (spec section 2). Escape hands focus back to
  // the toggle, so a keyboard user is not left on a link that has just been hidden. A tap on a link
  // closes it too: the link of the page already shown changes no pathname, so the effect would not.
  const close = () => setOpen(false);
  useEffect(() => setOpen(false), [location.pathname]);
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
      <Link to={account.home} onClick={close} className="flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800">
        {account.role === 'admin' ? t('auth.platformAdmin') : t('auth.myRestaurant')}
      </Link>
      <Form method="post" action="/logout" reloadDocument>
        <button type="submit" className="flex min-h-11 items-center rounded-lg border border-stone-300 px-3 font-medium text-stone-800 hover:bg-stone-200 dark:border-stone-700 dark:text-stone-100 dark:hover:bg-stone-800">
          {t('auth.signOut')}
        </button>
      </Form>
    </>
  ) : showAccountButtons ? (
    <>
      <Link to="/login" onClick={close} className="flex min-h-11 items-center rounded-lg px-3 font-medium text-stone-800 hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800">
        {t('nav.login')}
      </Link>
      <Link to="/login?register=true" onClick={close} className="flex min-h-11 items-center rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
        {t('nav.register')}
      </Link>
    </>
  ) : null;

  return (
    <header className="site-header border-b border-stone-200 bg-white/95 dark:border-stone-800 dark:bg-stone-900">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-stone-900">
        {t('app.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-2">
        <Link to="/" viewTransition className="flex min-h-11 items-center gap-2 text-xl font-bold text-stone-900 dark:text-white">
          <Logo />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('nav.mainNavigation')} className="ml-4 hidden md:block">
          <ul className="flex gap-1">{links}</ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex">
          <LanguageSwitch />
          {buttons}
        </div>
        <button
          ref={toggle}
          type="button"
          className="ml-auto flex min-h-11 min-w-11 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-200 md:hidden dark:text-stone-100 dark:hover:bg-stone-800"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="sr-only">{open ? t('nav.closeMenu') : t('nav.openMenu')}</span>
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-stone-200 px-4 pb-4 md:hidden dark:border-stone-800">
        <nav aria-label={t('nav.mainNavigation')}>
          <ul className="flex flex-col py-2">{links}</ul>
        </nav>
        <div className="flex flex-wrap items-center gap-2">
          {buttons}
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}

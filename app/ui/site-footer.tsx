import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { COOKIE_SETTINGS_EVENT } from './consent/cookie-banner.tsx';
import { Logo } from './logo.tsx';

/** docs/product-spec.md section 2 footer; the social pages come from configuration. */
export function SiteFooter() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  const social = useRouteLoaderData<{ socialLinks: { name: string; url: string }[] }>('root')?.socialLinks ?? [];
  const link = 'inline-flex min-h-11 items-center text-stone-700 underline-offset-4 hover:underline dark:text-stone-300';
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white py-10 dark:border-stone-800 dark:bg-stone-900">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-3">
        <div>
          <div className="flex items-center gap-2 text-lg font-bold">
            <Logo />
            <span>{t('app.name')}</span>
          </div>
          <p className="mt-3 text-stone-600 dark:text-stone-400">{t('app.tagline')}</p>
        </div>
        <ul className="flex flex-col">
          <li>
            <Link className={link} to="/" viewTransition>
              {t('nav.home')}
            </Link>
          </li>
          <li>
            <Link className={link} to="/contact" viewTransition>
              {t('nav.contact')}
            </Link>
          </li>
          <li>
            <Link className={link} to="/login" viewTransition>
              {t('nav.login')}
            </Link>
          </li>
          <li>
            <Link className={link} to="/privacy-policy" viewTransition>
              {t('footer.privacy')}
            </Link>
          </li>
          <li>
            <Link className={link} to="/terms-of-service" viewTransition>
              {t('footer.terms')}
            </Link>
          </li>
          <li data-needs-script="">
            {/* data-cookie-settings: the same for ui/site-enhance.js on pages sent without JavaScript; without any, hidden (app.css) */}
            <button type="button" className={link} data-cookie-settings="" onClick={() => window.dispatchEvent(new Event(COOKIE_SETTINGS_EVENT))}>
              {t('footer.cookieSettings')}
            </button>
          </li>
        </ul>
        <ul className="flex flex-col">
          <li>
            <a className={link} href="https://anpc.ro/ce-este-sal/" rel="noopener noreferrer" target="_blank">
              {t('footer.anpcSal')}
            </a>
          </li>
          <li>
            <a className={link} href="https://ec.europa.eu/consumers/odr" rel="noopener noreferrer" target="_blank">
              {t('footer.odr')}
            </a>
          </li>
          {social.map((page) => (
            <li key={page.name}>
              <a className={link} href={page.url} rel="noopener noreferrer" target="_blank">
                {page.name}
              </a>
            </li>
          ))}
        </ul>
      </div>
      <p className="mx-auto mt-8 max-w-6xl px-4 text-sm text-stone-600 dark:text-stone-400">{t('footer.copyright', { year })}</p>
    </footer>
  );
}

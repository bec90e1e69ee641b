import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BANNER_DELAY_MS, CONSENT_KEY, consentOnOpen, isBannerPath, staleStorageKeys, type ConsentValue } from './consent.ts';
import { PrivacyModal, StaticPrivacyModal } from './privacy-modal.tsx';

/** The footer's cookie-settings link dispatches this event; the banner reopens. */
export const COOKIE_SETTINGS_EVENT = 'bucate:cookie-settings';

function readConsent(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_KEY);
  } catch {
    return null;
  }
}

function writeConsent(value: ConsentValue | null) {
  try {
    if (value === null) window.localStorage.removeItem(CONSENT_KEY);
    else window.localStorage.setItem(CONSENT_KEY, value);
  } catch {
    // storage disabled: the banner simply asks again next time
  }
}

/** Cookie consent of docs/product-spec.md section 4, mounted by the layouts that may show it (never the menu's). */
export function CookieBanner({ contactEmail }: { contactEmail: string }) {
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);
  const [policyOpen, setPolicyOpen] = useState(false);

  // start-up clean-up (docs/product-spec.md section 3): stale payment keys from earlier versions
  useEffect(() => {
    try {
      for (const key of staleStorageKeys(Object.keys(window.localStorage))) window.localStorage.removeItem(key);
    } catch {
      // storage disabled: nothing to clean
    }
  }, []);

  // on every route (and so every layout) change, decide again
  useEffect(() => {
    const decision = consentOnOpen(pathname, readConsent());
    if (decision === 'store-true') writeConsent('true');
    if (decision !== 'show-banner') {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), BANNER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const reopen = () => {
      writeConsent(null);
      setVisible(true);
    };
    // back/forward may bring this page back as it was left, banner showing, after a choice made
    // on another page: the stored choice wins (as in ui/site-enhance.js for the static pages)
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted && consentOnOpen(window.location.pathname, readConsent()) !== 'show-banner') setVisible(false);
    };
    window.addEventListener(COOKIE_SETTINGS_EVENT, reopen);
    window.addEventListener('pageshow', restored);
    return () => {
      window.removeEventListener(COOKIE_SETTINGS_EVENT, reopen);
      window.removeEventListener('pageshow', restored);
    };
  }, []);

  const choose = (value: ConsentValue) => {
    writeConsent(value);
    setVisible(false);
  };

  return (
    <>
      {visible ? <ConsentBannerView onChoose={choose} onReadPolicy={() => setPolicyOpen(true)} /> : null}
      <PrivacyModal open={policyOpen} onClose={() => setPolicyOpen(false)} contactEmail={contactEmail} />
    </>
  );
}

/**
 * The banner as HTML for a page sent without JavaScript (ui/site-enhance.js runs it): hidden, shown
 * after the delay on the paths of docs/product-spec.md section 4 (`data-delay`), or from the footer's link anywhere.
 */
export function StaticCookieBanner({ contactEmail }: { contactEmail: string }) {
  const { pathname } = useLocation();
  return (
    <>
      <ConsentBannerView delay={isBannerPath(pathname) ? BANNER_DELAY_MS : undefined} />
      <StaticPrivacyModal contactEmail={contactEmail} />
    </>
  );
}

/** One markup for both: React's handlers when hydrated, `data-` hooks for the small script otherwise. */
function ConsentBannerView({ onChoose, onReadPolicy, delay }: { onChoose?: (value: ConsentValue) => void; onReadPolicy?: () => void; delay?: number }) {
  const { t } = useTranslation();
  const isStatic = !onChoose;
  return (
    <section
      id="cookie-banner"
      hidden={isStatic}
      data-delay={delay}
      aria-label={t('consent.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center">
        <p className="flex-1 text-stone-800 dark:text-stone-200">
          {t('consent.text')}{' '}
          <button type="button" onClick={onReadPolicy} data-privacy-open="" aria-haspopup="dialog" className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline dark:text-primary-100">
            {t('consent.readPolicy')}
          </button>
        </p>
        <div className="flex gap-2">
          <button type="button" onClick={onChoose && (() => onChoose('essential'))} data-consent="essential" className="min-h-11 rounded-lg border border-stone-400 px-4 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800">
            {t('consent.essential')}
          </button>
          <button type="button" onClick={onChoose && (() => onChoose('all'))} data-consent="all" className="min-h-11 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700">
            {t('consent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}

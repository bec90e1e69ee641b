import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { BANNER_DELAY_MS, CONSENT_KEY, consentOnOpen, isBannerPath, staleStorageKeys, type ConsentValue } from './consent.ts';
import { PrivacyModal, StaticPrivacyModal } from './privacy-modal.tsx';
import { useNonce } from '#app/ui/nonce.tsx';

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
  const nonce = useNonce();
  // On a banner path the banner comes with the page and shows itself after the delay by CSS alone
  // (`data-pending`), not after the JavaScript has loaded: the page's first paint does not wait for it and
  // it is not a late largest paint (issue 26: /login's LCP was this banner, 3.8 s after the HTML). A
  // stored choice hides it before it can show (CONSENT_GUARD); once hydrated, the choice decides.
  const [visible, setVisible] = useState<boolean | 'pending'>(() => (isBannerPath(pathname) ? 'pending' : false));
  const [policyOpen, setPolicyOpen] = useState(false);
  const first = useRef(true);

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
    const opening = first.current;
    first.current = false;
    if (decision === 'store-true') writeConsent('true');
    if (decision !== 'show-banner') {
      setVisible(false);
      return;
    }
    // the page's own banner is already counting its delay (CSS)
    if (opening) return;
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
      {visible === 'pending' ? (
        <>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: CONSENT_GUARD }} />
          {/* without JavaScript nothing could be chosen or stored: no banner */}
          <noscript>
            <style>{PENDING_HIDDEN}</style>
          </noscript>
        </>
      ) : null}
      {visible ? <ConsentBannerView pending={visible === 'pending'} onChoose={choose} onReadPolicy={() => setPolicyOpen(true)} /> : null}
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

const PENDING_HIDDEN = '#cookie-banner[data-pending]{display:none}';

/**
 * Runs as the page is parsed, before the banner below it is painted: with a choice stored, a style that
 * hides the pending banner (a node added to <head>, which React's hydration skips). Storage disabled:
 * the banner shows, as it would after hydration. A choice clicked before React has hydrated is stored
 * and hides the banner too (after hydration React's own handlers do the same, and the guard's find
 * nothing pending).
 */
const CONSENT_GUARD = `(function(){var k=${JSON.stringify(CONSENT_KEY)};function hide(){var s=document.createElement('style');s.textContent=${JSON.stringify(PENDING_HIDDEN)};document.head.appendChild(s)}try{if(localStorage.getItem(k))hide()}catch(e){}document.addEventListener('click',function(e){var b=e.target instanceof Element&&e.target.closest('#cookie-banner[data-pending] [data-consent]');if(!b)return;try{localStorage.setItem(k,b.getAttribute('data-consent'))}catch(x){}hide()})})()`;

/** One markup for both: React's handlers when hydrated, `data-` hooks for the small script otherwise. */
function ConsentBannerView({
  onChoose,
  onReadPolicy,
  delay,
  pending = false,
}: {
  onChoose?: (value: ConsentValue) => void;
  onReadPolicy?: () => void;
  delay?: number;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const isStatic = !onChoose;
  return (
    <section
      id="cookie-banner"
      hidden={isStatic}
      data-delay={delay}
      // sent with the page: hidden by CSS until the delay has passed (app.css)
      data-pending={pending ? '' : undefined}
      style={pending ? { animationDelay: `${BANNER_DELAY_MS}ms` } : undefined}
      aria-label={t('consent.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-stone-300 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.08)] dark:border-stone-700 dark:bg-stone-900"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 md:flex-row md:items-center">
        <p className="flex-1 text-stone-800 dark:text-stone-200">
          {t('consent.text')}{' '}
          <button
            type="button"
            onClick={onReadPolicy}
            data-privacy-open=""
            aria-haspopup="dialog"
            className="inline-flex min-h-11 items-center font-semibold text-primary-700 underline dark:text-primary-100"
          >
            {t('consent.readPolicy')}
          </button>
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onChoose && (() => onChoose('essential'))}
            data-consent="essential"
            className="min-h-11 rounded-lg border border-stone-400 px-4 font-semibold hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
          >
            {t('consent.essential')}
          </button>
          <button
            type="button"
            onClick={onChoose && (() => onChoose('all'))}
            data-consent="all"
            className="min-h-11 rounded-lg bg-primary-600 px-4 font-semibold text-white hover:bg-primary-700"
          >
            {t('consent.acceptAll')}
          </button>
        </div>
      </div>
    </section>
  );
}

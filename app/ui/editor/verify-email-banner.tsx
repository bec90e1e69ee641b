import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFetcher, useSearchParams } from 'react-router';

/**
 * The banner's sentence: that a link was sent, or (after a registration whose e-mail a rate limit
 * held back: `?verification=unsent&retry=HH:MM`) that it was not, and from when it can be asked for.
 */
export function verificationBannerText(t: TFunction, email: string, params: URLSearchParams): string {
  if (params.get('verification') !== 'unsent') return t('emailVerification.banner', { email });
  const time = params.get('retry');
  return time && /^\d{2}:\d{2}$/.test(time) ? t('emailVerification.unsentUntil', { email, time }) : t('emailVerification.unsent', { email });
}

/**
 * Issue "Hardening" item 6: until the owner follows the link sent to their address, the admin
 * frame says so and offers to send it again (rate limited by the account action). After the link
 * it confirms once, in the owner's language; a link that failed says so.
 */
export function VerifyEmailBanner({ email, verified, accountPath }: { email: string; verified: boolean; accountPath: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const resend = useFetcher<{ error?: string; notice?: string }>();
  const linkFailed = params.has('error') && params.get('verified') === '1';
  if (verified) {
    return params.get('verified') === '1' && !linkFailed ? (
      <p
        role="status"
        data-testid="email-verified"
        className="mt-4 rounded-[10px] border border-green-700 bg-green-50 px-4 py-3 text-green-900 dark:bg-green-950 dark:text-green-100"
      >
        {t('emailVerification.verified')}
      </p>
    ) : null;
  }
  const answer = resend.data?.error ?? resend.data?.notice;
  return (
    <div
      data-testid="verify-email-banner"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-[10px] border border-amber-600 bg-amber-50 px-4 py-3 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <p>
        {linkFailed ? `${t('emailVerification.failed')} ` : null}
        {verificationBannerText(t, email, params)}
      </p>
      <resend.Form method="post" action={accountPath}>
        <button
          type="submit"
          name="intent"
          value="resend-verification"
          disabled={resend.state !== 'idle'}
          className="min-h-11 rounded-lg border border-amber-700 px-4 font-medium hover:bg-amber-100 disabled:opacity-70 dark:hover:bg-amber-900"
        >
          {t('emailVerification.resend')}
        </button>
      </resend.Form>
      {answer ? (
        <p role="status" className="w-full text-sm font-medium">
          {answer}
        </p>
      ) : null}
    </div>
  );
}

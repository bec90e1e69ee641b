import { provideAuthServices, type AuthMail, type AuthServices } from '#app/auth/auth.server.ts';
import type { DatabaseHandle } from '#app/db/connection.server.ts';
import type { Locale } from '#app/i18n/i18n.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { magicLinkMail, resetPasswordMail, verifyEmailMail } from '#app/modules/mail/auth-emails.ts';
import type { Mailer, OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { consumeRateLimit, PASSWORD_CHECK_RULE, passwordCheckKey } from '#app/modules/rate-limit/rate-limit.server.ts';

const templates: Record<AuthMail['kind'], (to: string, url: string, locale: Locale) => OutgoingMail> = {
  'reset-password': resetPasswordMail,
  'verify-email': verifyEmailMail,
  'magic-link': magicLinkMail,
};

/**
 * What better-auth is given by the modules: its e-mails from the mail module's templates, sent as
 * `mail.send` jobs (or handed to `deliverInstead`: `admin:create` prints the link, tests read it),
 * and each signed-in user's password checks counted by the rate-limit module.
 */
export function authServices(handle: DatabaseHandle, options: { deliverInstead?: Mailer } = {}): AuthServices {
  return {
    async sendMail({ kind, to, url, locale }) {
      const mail = templates[kind](to, url, locale);
      if (options.deliverInstead) await options.deliverInstead.send(mail);
      else await enqueueJob(handle.db, { type: 'mail.send', payload: { mail } });
    },
    countPasswordCheck: (userId) => consumeRateLimit(handle.db, passwordCheckKey(userId), PASSWORD_CHECK_RULE),
  };
}

/** Gives the process-wide auth (getAuth) its services; the app's entry module calls it once at load. */
export function wireAuth(): void {
  provideAuthServices((handle) => authServices(handle));
}

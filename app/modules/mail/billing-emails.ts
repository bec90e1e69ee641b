import { getI18n, type Locale } from '#app/i18n/i18n.ts';
import type { OutgoingMail } from './mailer.server.ts';
import { escapeHtml } from '#app/modules/text/escape-html.ts';

/**
 * The lifecycle and dunning e-mails of card payments (docs/decisions/0014-billing.md), in the
 * owner's language, plain text and HTML. Receipts are Stripe's own.
 */
export type BillingNoticeKind = 'welcome' | 'trialEnding' | 'trialEnded' | 'paymentFailed' | 'cancelled';

export interface BillingMailInput {
  to: string;
  locale: Locale;
  kind: BillingNoticeKind;
  restaurantName: string;
  /** the owner's subscription page, absolute */
  subscriptionUrl: string;
  /** a date already written in the owner's language (trial end, PRO end) */
  date?: string | null;
  /** days left (trial ending) or the grace period (payment failed) */
  days?: number;
  products?: number;
}

// i18n-keys: billingMail.*.*
export function billingNoticeMail(input: BillingMailInput): OutgoingMail {
  const { t } = getI18n(input.locale);
  // "14 zile", "60 de zile", "50 de produse": Romanian plural forms from the shared catalogue
  const values = {
    name: input.restaurantName,
    date: input.date ?? '',
    count: input.days ?? 0,
    days: t('marketing.days', { count: input.days ?? 0 }),
    products: t('marketing.products', { count: input.products ?? 0 }),
  };
  const key = `billingMail.${input.kind}`;
  const subject = t(`${key}.subject`, values);
  const body = input.kind === 'cancelled' ? t(input.date ? `${key}.bodyUntil` : `${key}.bodyEnded`, values) : t(`${key}.body`, values);
  const greeting = t('billingMail.greeting');
  const action = t('billingMail.action');
  const signature = t('billingMail.signature');
  return {
    to: input.to,
    subject,
    text: `${greeting}\n\n${body}\n\n${action}: ${input.subscriptionUrl}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` + `<p><a href="${escapeHtml(input.subscriptionUrl)}">${escapeHtml(action)}</a></p><p>${escapeHtml(signature)}</p>`,
  };
}

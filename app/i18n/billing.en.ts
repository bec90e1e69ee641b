import type { billingRo } from './billing.ro.ts';
import type { DeepStrings } from './ro.ts';

/** Card payments: the payment-return state, the subscription page's card details, the pricing FAQ without card, and the billing e-mails. */
export const billingEn: DeepStrings<typeof billingRo> = {
  billing: {
    returnTitle: 'Your payment',
    returnWaiting: 'Stripe has confirmed it and we are turning PRO on. This page updates itself in a few seconds.',
    returnActive: 'Payment received: PRO is active for {{name}}. You can add as many products as you like, and the menu stays online.',
    returnUnknown: 'We cannot find this payment. If you paid, check the Subscription page; nothing was turned on by this link.',
    returnUnpaid: 'The payment was not completed, so nothing was charged and PRO is not active. You can try again from the Subscription page.',
    returnInactive: 'The subscription of this payment is no longer active. See the Subscription page for details.',
    returnForeign: 'This payment belongs to another account or another restaurant, so we cannot show you its status.',
    returnSignIn: 'Sign in to see the status of your payment.',
    returnNotConfigured: 'Card payment is not configured on this installation.',
    returnUnavailable: 'We could not check the payment just now. We will try again automatically in a few seconds.',
    returnOpenSubscription: 'Open the Subscription page',
    returnOpenEditor: 'Go to the menu',
    returnCheckAgain: 'Check again',
    returnSignInAction: 'Sign in',
    nextCharge: 'Next charge: {{amount}} on {{date}}.',
    invoicesTitle: 'Invoices',
    invoicesNone: 'No invoices yet.',
    invoiceOpen: 'Invoice of {{date}}, {{amount}}',
    invoiceStatus: {
      paid: 'paid',
      open: 'due',
      void: 'void',
      uncollectible: 'uncollectible',
      draft: 'draft',
    },
    invoicesUnavailable: 'The invoices could not be loaded just now; you also find them under “Manage billing”.',
    intervalLegend: 'Choose how you pay',
    monthly: 'Monthly: {{amount}} a month',
    yearly: 'Yearly: {{amount}} a year',
    payAction: 'Continue to card payment',
    cardSecure: 'Card details are entered directly at Stripe and never reach Bucate.',
  },
  pricingNoCard: {
    point: 'PRO granted by the Bucate team for one year; write to us from the contact page',
    cancelA: 'PRO granted by the Bucate team lasts one year and does not renew by itself; there is nothing to cancel. Write to us if you want to stop earlier.',
    cardQ: 'How do I get PRO?',
    cardA: 'Card payment is not configured on this installation. Write to us from the contact page and we turn PRO on for one year; nothing in your menu is lost.',
  },
  billingMail: {
    greeting: 'Hello,',
    signature: 'The Bucate team',
    action: 'Open the Subscription page',
    welcome: {
      subject: 'Welcome to Bucate, {{name}}',
      body: 'The account of {{name}} is ready. You have a free trial of {{days}} with up to {{products}}. Add your products, then print the QR code for the tables.',
    },
    trialEnding: {
      subject: 'The trial of {{name}} ends in {{days}}',
      body: 'The free trial of {{name}} ends on {{date}}. After that guests no longer see the menu until you move to PRO. Move to PRO now and the menu stays online without a break.',
    },
    trialEnded: {
      subject: 'The menu of {{name}} is no longer shown to guests',
      body: 'The trial of {{name}} has ended, and whoever scans the QR code now sees a message that the menu is not available. Nothing was deleted: move to PRO from the Subscription page and the menu is back online at once.',
    },
    paymentFailed: {
      subject: 'The PRO payment for {{name}} failed',
      body: 'We could not collect the PRO payment for {{name}}. Update your card under “Manage billing” on the Subscription page. We will retry the payment automatically over the next {{days}} or so; until then PRO stays active and the menu stays online.',
    },
    cancelled: {
      subject: 'The PRO subscription of {{name}} was cancelled',
      bodyUntil:
        'The PRO subscription of {{name}} was cancelled. PRO stays active until {{date}}; after that, without PRO, the menu can hold at most {{products}}, and once the trial is over it is no longer shown to guests. You can change your mind at any time on the Subscription page.',
      bodyEnded:
        'The PRO subscription of {{name}} has ended. Without PRO the menu can hold at most {{products}}, and once the trial is over it is no longer shown to guests. You can move to PRO again at any time on the Subscription page.',
    },
  },
};

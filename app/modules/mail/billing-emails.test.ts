import { describe, expect, it } from 'vitest';
import { billingNoticeMail } from './billing-emails.ts';

const base = { to: 'owner@example.com', restaurantName: 'Casa <Veche>', subscriptionUrl: 'https://bucate.example/restaurant/casa/settings/subscription' };

describe('billing e-mails', () => {
  it('counts days and products with Romanian plural forms', () => {
    expect(billingNoticeMail({ ...base, locale: 'ro', kind: 'trialEnding', days: 1, date: '1 martie 2030' }).subject).toBe(
      'Perioada de probă pentru Casa <Veche> se încheie în 1 zi',
    );
    expect(billingNoticeMail({ ...base, locale: 'ro', kind: 'trialEnding', days: 5, date: '1 martie 2030' }).subject).toBe(
      'Perioada de probă pentru Casa <Veche> se încheie în 5 zile',
    );
    expect(billingNoticeMail({ ...base, locale: 'ro', kind: 'welcome', days: 60, products: 50 }).text).toContain('Ai 60 de zile de probă gratuită, cu până la 50 de produse.');
    expect(billingNoticeMail({ ...base, locale: 'en', kind: 'trialEnding', days: 1, date: '1 March 2030' }).subject).toBe('The trial of Casa <Veche> ends in 1 day');
  });

  it('writes plain text and HTML, escaping the restaurant’s name in HTML only', () => {
    const mail = billingNoticeMail({ ...base, locale: 'en', kind: 'cancelled', date: '1 March 2030', products: 50 });
    expect(mail.text).toContain('Casa <Veche>');
    expect(mail.text).toContain('PRO stays active until 1 March 2030');
    expect(mail.html).toContain('Casa &lt;Veche&gt;');
    expect(mail.html).not.toContain('<Veche>');
    expect(mail.html).toContain(`<a href="${base.subscriptionUrl}">Open the Subscription page</a>`);
    expect(billingNoticeMail({ ...base, locale: 'en', kind: 'cancelled', date: null, products: 50 }).text).toContain('has ended');
  });
});

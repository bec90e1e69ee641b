import { describe, expect, it } from 'vitest';
import { invitationMail } from './team-emails.ts';

const base = {
  to: 'ioana@example.com',
  restaurantName: 'Casa <Veche> & Fiii',
  inviter: 'Ana "Șefa"',
  url: 'https://bucate.example/invitatie/abc_DEF-123',
  expires: '4 decembrie 2026, 14:30',
};

describe('the invitation e-mail', () => {
  it('says who invites, into which restaurant, with which role, the link and until when, in Romanian', () => {
    const mail = invitationMail({ ...base, locale: 'ro', role: 'editor' });
    expect(mail.to).toBe('ioana@example.com');
    expect(mail.subject).toBe('Ana "Șefa" te invită în echipa Casa <Veche> & Fiii pe Bucate');
    expect(mail.text).toContain('Ana "Șefa" te invită în echipa restaurantului „Casa <Veche> & Fiii” pe Bucate, cu rolul Editor.');
    expect(mail.text).toContain('Editorul lucrează la meniu');
    expect(mail.text).toContain(`Acceptă invitația: ${base.url}`);
    expect(mail.text).toContain('valabil până la 4 decembrie 2026, 14:30 și poate fi folosit o singură dată');
  });

  it('in English, and in HTML with every value escaped and the link as a link', () => {
    const mail = invitationMail({ ...base, locale: 'en', role: 'staff', expires: '4 December 2026, 14:30' });
    expect(mail.subject).toBe('Ana "Șefa" invited you to the Casa <Veche> & Fiii team on Bucate');
    expect(mail.text).toContain('with the role Staff.');
    expect(mail.text).toContain('The link works until 4 December 2026, 14:30 and can be used once.');
    expect(mail.html).toContain('Casa &lt;Veche&gt; &amp; Fiii');
    expect(mail.html).toContain('Ana &quot;Șefa&quot;');
    expect(mail.html).not.toContain('<Veche>');
    expect(mail.html).toContain(`<a href="${base.url}">Accept the invitation</a>`);
  });
});

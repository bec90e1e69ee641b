import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { LOCALES, type Locale } from '#app/i18n/locales.ts';
import type { Role } from '#app/modules/access/policy.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { PendingInvitation } from '#app/modules/team/team.types.ts';
import { primaryButton, secondaryButton, SelectField, TextField } from '#app/ui/editor/fields.tsx';

// i18n-keys: team.roles.* team.locales.*
/**
 * The invitation form: an address, a role among those the viewer may give, the e-mail's language
 * (the viewer's own by default). Field errors come back from the action; a sent invitation clears it.
 */
export function InviteForm({ grantable, defaultLocale, result }: { grantable: readonly Role[]; defaultLocale: Locale; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const mine = result && !result.ok && result.values?.intent === 'invite' ? result : undefined;
  useEffect(() => {
    if (submitted.current && result?.ok) form.current?.reset();
    submitted.current = false;
  }, [result]);
  return (
    <section aria-labelledby="team-invite" className="space-y-3">
      <h3 id="team-invite" className="text-lg font-semibold">
        {t('team.invite.heading')}
      </h3>
      <Form ref={form} method="post" className="grid gap-3 md:grid-cols-[2fr_1fr_1fr_auto] md:items-start" onSubmit={() => (submitted.current = true)}>
        <TextField
          label={t('team.invite.email')}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="off"
          defaultValue={typeof mine?.values?.email === 'string' ? mine.values.email : undefined}
          error={mine?.fieldErrors.email}
        />
        <SelectField label={t('team.invite.role')} name="role" defaultValue={grantable.includes('editor') ? 'editor' : grantable[0]} error={mine?.fieldErrors.role}>
          {grantable.map((role) => (
            <option key={role} value={role}>
              {t(`team.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('team.invite.locale')} name="locale" defaultValue={defaultLocale}>
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {t(`team.locales.${locale}`)}
            </option>
          ))}
        </SelectField>
        <button type="submit" name="intent" value="invite" className={`${primaryButton} md:mt-7`}>
          {t('team.invite.send')}
        </button>
      </Form>
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('team.invite.hint')}</p>
    </section>
  );
}

/** The open invitations; send again and cancel where the viewer may give the invitation's role. */
export function PendingInvitations({ invitations, grantable }: { invitations: PendingInvitation[]; grantable: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="team-pending" className="space-y-3">
      <h3 id="team-pending" className="text-lg font-semibold">
        {t('team.pending.heading')}
      </h3>
      {invitations.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{t('team.pending.none')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-[10px] border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
          {invitations.map((invitation) => {
            const role = t(`team.roles.${invitation.role}`);
            const line = invitation.expired
              ? t('team.pending.expired', { role, expires: invitation.expires })
              : invitation.invitedBy
                ? t('team.pending.line', { role, inviter: invitation.invitedBy, expires: invitation.expires })
                : t('team.pending.lineNoInviter', { role, expires: invitation.expires });
            return (
              <li key={invitation.id} data-testid="team-invitation" className="flex flex-col gap-3 p-4 md:flex-row md:items-center md:justify-between">
                <div className="min-w-0">
                  <p className="break-all font-semibold">{invitation.email}</p>
                  <p className={`text-sm ${invitation.expired ? 'font-medium text-primary-800 dark:text-primary-100' : 'text-stone-600 dark:text-stone-400'}`}>{line}</p>
                </div>
                {grantable.includes(invitation.role) ? (
                  <Form method="post" className="flex flex-wrap gap-2">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button type="submit" name="intent" value="resend-invitation" className={secondaryButton}>
                      {t('team.pending.resend')}
                      <span className="sr-only">: {invitation.email}</span>
                    </button>
                    <button type="submit" name="intent" value="revoke-invitation" className={secondaryButton}>
                      {t('team.pending.revoke')}
                      <span className="sr-only">: {invitation.email}</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { can } from '#app/modules/access/policy.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { TeamPage } from '#app/modules/team/team.types.ts';
import { primaryButton, SelectField, TextField } from '#app/ui/editor/fields.tsx';
import { ConfirmDisclosure } from './confirm-disclosure.tsx';

/** Handing ownership to another member (owners only), confirmed with the password. */
function TransferForm({ page, result }: { page: TeamPage; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  const mine = result && !result.ok && result.values?.intent === 'transfer-ownership' ? result : undefined;
  return (
    <section aria-labelledby="team-transfer" className="space-y-3 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800">
      <h3 id="team-transfer" className="text-lg font-semibold">
        {t('team.transfer.heading')}
      </h3>
      {page.transferTo.length === 0 ? (
        <p className="text-stone-700 dark:text-stone-300">{t('team.transfer.nobody')}</p>
      ) : (
        <Form method="post" className="space-y-3">
          <p className="text-stone-700 dark:text-stone-300">{t('team.transfer.help')}</p>
          <SelectField label={t('team.transfer.to')} name="membershipId" required error={mine?.fieldErrors.membershipId}>
            {page.transferTo.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name === member.email ? member.email : `${member.name} (${member.email})`}
              </option>
            ))}
          </SelectField>
          <TextField label={t('team.transfer.password')} name="password" type="password" required autoComplete="current-password" error={mine?.fieldErrors.password} />
          <button type="submit" name="intent" value="transfer-ownership" className={primaryButton}>
            {t('team.transfer.button')}
          </button>
        </Form>
      )}
    </section>
  );
}

/** Leaving the restaurant (everyone but its last owner, who is told why) and, for owners, the transfer. */
export function OwnershipForms({ page, result }: { page: TeamPage; result: ActionResult | undefined }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {can(page.me.role, 'team.transfer') ? <TransferForm page={page} result={result} /> : null}
      <section aria-labelledby="team-leave" className="space-y-3 rounded-[10px] border border-stone-200 p-4 dark:border-stone-800">
        <h3 id="team-leave" className="text-lg font-semibold">
          {t('team.leave.heading')}
        </h3>
        {page.canLeave ? (
          <ConfirmDisclosure label={t('team.leave.button')} question={t('team.leave.help', { restaurant: page.restaurantName })}>
            <Form method="post">
              <button type="submit" name="intent" value="leave" className={primaryButton}>
                {t('team.leave.confirm')}
              </button>
            </Form>
          </ConfirmDisclosure>
        ) : (
          <p className="text-stone-700 dark:text-stone-300">{t('team.leave.lastOwner')}</p>
        )}
      </section>
    </div>
  );
}

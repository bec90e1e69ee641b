import { authorize, withDb, type MemberScope } from '#app/modules/access/scope.server.ts';
import { recordAudit } from '#app/modules/audit/audit.server.ts';
import { PersonNameInput } from './account.schema.ts';
import { updateUserName } from './account.repo.server.ts';

/**
 * The signed-in person writes their own name (issue 33 item 15): what their team sees beside
 * their address and what invitations they send are signed with; 2 to 100 characters, trimmed.
 * Bad input changes nothing. Audited with the name it replaced.
 */
export async function changeOwnName(scope: MemberScope, input: { name: unknown }): Promise<{ ok: true; name: string } | { ok: false; error: 'name-required' }> {
  authorize(scope, 'restaurant.view');
  const parsed = PersonNameInput.safeParse(input);
  if (!parsed.success) return { ok: false, error: 'name-required' };
  const { name } = parsed.data;
  await scope.db.transaction().execute(async (trx) => {
    const before = await updateUserName(trx, scope.actor.id, name);
    await recordAudit(withDb(scope, trx), { action: 'account.name-change', target: { type: 'user', id: scope.actor.id }, before: { name: before ?? '' }, after: { name } });
  });
  return { ok: true, name };
}

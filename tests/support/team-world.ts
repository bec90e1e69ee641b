import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { Role } from '#app/modules/access/policy.ts';
import type { MemberScope } from '#app/modules/access/scope.server.ts';
import type { OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { newId } from '#app/modules/restaurant/ids.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { runJobsUntilIdle } from './jobs.ts';
import type { ActorScopes } from './test-context.ts';
import { testDialect } from './test-database.ts';

/** One person of a test team: their account, membership and scope (standing in for the guard). */
export interface TeamMate {
  userId: string;
  email: string;
  role: Role;
  membershipId: string;
  scope: MemberScope;
}

/** A user row as better-auth writes it (SQLite keeps its booleans as 0/1). */
export async function insertUser(db: Kysely<Database>, fields: { id?: string; email: string; name?: string; role?: 'admin' | 'restaurant' }): Promise<string> {
  const id = fields.id ?? newId();
  const now = new Date().toISOString();
  const verified = (testDialect === 'sqlite' ? 0 : false) as unknown as boolean;
  await db
    .insertInto('user')
    .values({
      id,
      name: fields.name ?? fields.email.split('@')[0]!,
      email: fields.email,
      emailVerified: verified,
      image: null,
      createdAt: now,
      updatedAt: now,
      role: fields.role ?? 'restaurant',
      banReason: null,
      lastRestaurantId: null,
    })
    .execute();
  return id;
}

/** Adds a person with `role` to the restaurant. */
export async function addMate(db: Kysely<Database>, scopes: ActorScopes, restaurantId: string, role: Role, label = role): Promise<TeamMate> {
  const tag = newId().slice(0, 8);
  const email = `${label}-${tag}@team.example`;
  const userId = await insertUser(db, { email, name: `${label} ${tag}` });
  await addMember(db, restaurantId, userId, role);
  const membership = await db.selectFrom('membership').select('id').where('restaurantId', '=', restaurantId).where('userId', '=', userId).executeTakeFirstOrThrow();
  return { userId, email, role, membershipId: membership.id, scope: scopes.member(restaurantId, role, { id: userId, email }) };
}

/** A restaurant with one member per role given (in that order). */
export async function insertTeam(db: Kysely<Database>, scopes: ActorScopes, roles: Role[]): Promise<{ restaurantId: string; slug: string; mates: TeamMate[] }> {
  const restaurant = await insertRestaurant(db, { name: `Bistro ${newId().slice(0, 6)}` });
  const mates: TeamMate[] = [];
  for (const role of roles) mates.push(await addMate(db, scopes, restaurant.id, role));
  return { restaurantId: restaurant.id, slug: restaurant.slug, mates };
}

export const rolesIn = (db: Kysely<Database>, restaurantId: string) =>
  db.selectFrom('membership').select(['userId', 'role']).where('restaurantId', '=', restaurantId).orderBy('userId').execute();

export const ownersOf = async (db: Kysely<Database>, restaurantId: string) => (await rolesIn(db, restaurantId)).filter((row) => row.role === 'owner').length;

export const auditActions = async (db: Kysely<Database>, restaurantId: string) =>
  (await db.selectFrom('auditEvent').select('action').where('restaurantId', '=', restaurantId).orderBy('createdAt').execute()).map((row) => row.action);

/** Runs the queued e-mails into `sent` (what the worker would do after the change committed). */
export async function deliverMail(db: Kysely<Database>, sent: OutgoingMail[]): Promise<void> {
  await runJobsUntilIdle(db, { 'mail.send': async ({ mail }) => void sent.push(mail) });
}

/** The token of the invitation link in an e-mail's text. */
export function tokenIn(mail: OutgoingMail): string {
  const token = /\/invitatie\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${mail.text}`);
  return token;
}

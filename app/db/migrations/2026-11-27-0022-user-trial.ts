import type { Kysely } from 'kysely';

/**
 * The free trial belongs to the person, not to each restaurant (decision 0029, "Trials of a second
 * restaurant"): `user.trialEndsAt` is when the person's one 60-day trial ends (ISO-8601 UTC), set
 * with their first restaurant and kept when that restaurant is deleted, so a new restaurant cannot
 * bring a new trial. Filled here for every owner of today: the earliest end of the trials of the
 * restaurants they own, or, for a restaurant without a trial row, the end its trial would have had
 * (60 days after it was created). Users who own nothing stay null: their first restaurant gets the trial.
 * Migrations never import app code, so the trial's length is repeated here.
 */
const TRIAL_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('trialEndsAt', 'text').execute();
  const owned = (await db
    .selectFrom('membership')
    .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
    .leftJoin('subscription', (join) => join.onRef('subscription.restaurantId', '=', 'restaurant.id').on('subscription.kind', '=', 'trial'))
    .select(['membership.userId', 'restaurant.createdAt', 'subscription.endsAt'])
    .where('membership.role', '=', 'owner')
    .execute()) as { userId: string; createdAt: string; endsAt: string | null }[];
  const ends = new Map<string, string>();
  for (const { userId, createdAt, endsAt } of owned) {
    const end = endsAt ?? new Date(Date.parse(createdAt) + TRIAL_DAYS * DAY_MS).toISOString();
    const known = ends.get(userId);
    if (known === undefined || end < known) ends.set(userId, end);
  }
  for (const [userId, end] of ends) await db.updateTable('user').set({ trialEndsAt: end }).where('id', '=', userId).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('trialEndsAt').execute();
}

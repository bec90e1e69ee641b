import type { Kysely } from 'kysely';

/**
 * A person's name is their own (issue 33 item 15): registration wrote the restaurant's name into
 * `user.name`, so team lists and invitation e-mails called the owner by their restaurant. Cleared
 * here for the accounts that registered with a password and whose name is still the name of a
 * restaurant they own: that text stays in `restaurant.name`, so nothing is lost; the pages then
 * show the address until the person writes their name on the account page. Names given any other
 * way (an invitation's form, Google) are not touched.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('user')
    .set({ name: '' })
    .where((eb) =>
      eb.and([
        eb.exists(eb.selectFrom('account').select('account.id').whereRef('account.userId', '=', 'user.id').where('account.providerId', '=', 'credential')),
        eb.exists(
          eb
            .selectFrom('membership')
            .innerJoin('restaurant', 'restaurant.id', 'membership.restaurantId')
            .select('membership.id')
            .whereRef('membership.userId', '=', 'user.id')
            .where('membership.role', '=', 'owner')
            .whereRef('restaurant.name', '=', 'user.name'),
        ),
      ]),
    )
    .execute();
}

/** Nothing to restore: the names cleared were copies of restaurant names, still in `restaurant.name`. */
export async function down(): Promise<void> {}

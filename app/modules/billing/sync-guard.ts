/**
 * The rule that keeps Stripe's word inside one restaurant (docs/decisions/0014-billing.md): a
 * `provider` row found by Stripe's subscription id is rewritten only by a sync of the restaurant
 * that holds it. A sync for another restaurant (a customer whose metadata or hint names it) never
 * moves the row over nor overwrites it. Its own file so a mutation test can switch it off
 * (tests/services/billing-guard-mutation.int.test.ts) and see the tests fail.
 */
export function isRowOfRestaurant(row: { restaurantId: string }, restaurantId: string): boolean {
  return row.restaurantId === restaurantId;
}

import { describe, expect, it, vi } from 'vitest';
import { test, type StripeContext, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { crossRestaurantSync } from './billing-guard.ts';

/**
 * The mutation an outside review made by hand (issue 24): the billing sync's guard that never
 * moves a subscription row between restaurants, switched off. Every test of the fast leg passed
 * with it; the cross-restaurant check of billing-guard.int.test.ts must not.
 */
vi.mock('#app/modules/billing/sync-guard.ts', () => ({ isRowOfRestaurant: () => true }));

describe(`the cross-restaurant sync check catches the billing guard switched off on ${testDialect}`, () => {
  let db: TestDb;
  let stripe: StripeContext;
  test.beforeAll(({ db: fileDb, stripe: fileStripe }) => {
    db = fileDb;
    stripe = fileStripe;
  });

  it("reports restaurant Y's subscription overwritten by a sync for restaurant X", async () => {
    const violations = await crossRestaurantSync(db, stripe);
    expect(violations).toEqual(expect.arrayContaining([expect.stringMatching(/^a sync for restaurant X changed restaurant Y's .*subscription \(/)]));
  });
});

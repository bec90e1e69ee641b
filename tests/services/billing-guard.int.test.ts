import { describe, expect, it } from 'vitest';
import { test, type StripeContext, type TestDb } from '#tests/support/test-context.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { crossRestaurantSync } from './billing-guard.ts';

describe(`Stripe's word never moves a subscription between restaurants on ${testDialect}`, () => {
  let db: TestDb;
  let stripe: StripeContext;
  test.beforeAll(({ db: fileDb, stripe: fileStripe }) => {
    db = fileDb;
    stripe = fileStripe;
  });

  it("a sync for restaurant X leaves restaurant Y's subscription row alone, though Stripe lists it under X's customer", async () => {
    expect(await crossRestaurantSync(db, stripe)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { isBefore } from '#app/modules/subscription/subscription.ts';
import { addMember, insertRestaurant } from '#tests/factories/builders.ts';
import { testDialect } from '#tests/support/test-database.ts';
import { getCardDetails } from './billing-card.server.ts';
import { readPaymentReturn } from './payment-return.server.ts';
import { billing, checkout, database, fake, insertOwner, payingRestaurant, restaurantRow, runJobs, scopes, startLifecycle } from '#tests/support/billing-lifecycle-harness.ts';

describe(`the subscription lifecycle through (fake) Stripe on ${testDialect}`, () => {
  startLifecycle();

  describe('the payment-success state', () => {
    it('follows the real status: unpaid, waiting, active; never grants PRO itself', async () => {
      const restaurant = await insertRestaurant(database.db);
      const owner = await insertOwner(restaurant.id);
      const scope = scopes.user({ id: owner });
      const sessionId = await checkout(restaurant.id);
      expect(await readPaymentReturn(scope, billing, sessionId)).toMatchObject({ state: 'unpaid', restaurant: { slug: restaurant.slug } });
      await fake.completeCheckout(sessionId);
      expect(await readPaymentReturn(scope, billing, sessionId)).toMatchObject({ state: 'waiting' });
      // reading it (many times) grants nothing
      expect(isBefore((await restaurantRow(restaurant.id)).proUntil)).toBe(false);
      await runJobs();
      expect(await readPaymentReturn(scope, billing, sessionId)).toEqual({ state: 'active', restaurant: { name: restaurant.name, slug: restaurant.slug } });
    });

    it('is honest about an unknown session, another owner’s session, no sign-in and no Stripe', async () => {
      const { sessionId, restaurant } = await payingRestaurant();
      const other = await insertRestaurant(database.db);
      const otherOwner = await insertOwner(other.id);
      const stranger = scopes.user({ id: otherOwner });
      expect(await readPaymentReturn(stranger, billing, sessionId)).toEqual({ state: 'foreign', restaurant: null });
      // a manager of the paying restaurant does not manage its billing (decision 0029): the same answer
      await addMember(database.db, restaurant.id, otherOwner, 'manager');
      expect(await readPaymentReturn(stranger, billing, sessionId)).toEqual({ state: 'foreign', restaurant: null });
      // an owner whose session claims the paying restaurant but who is not its owner
      expect(await readPaymentReturn(scopes.user({ id: otherOwner }), billing, sessionId)).toEqual({ state: 'foreign', restaurant: null });
      expect(await readPaymentReturn(stranger, billing, 'cs_test_doesnotexist')).toEqual({ state: 'unknown', restaurant: null });
      expect(await readPaymentReturn(stranger, billing, '../v1/customers')).toEqual({ state: 'unknown', restaurant: null });
      expect(await readPaymentReturn(null, billing, sessionId)).toEqual({ state: 'sign-in', restaurant: null });
      expect(await readPaymentReturn(stranger, null, sessionId)).toEqual({ state: 'not-configured', restaurant: null });
    });
  });

  describe('the subscription page’s card details', () => {
    it('shows the next charge and the last invoices of the owner’s own customer only', async () => {
      const { restaurant } = await payingRestaurant();
      const details = await getCardDetails(scopes.owner(restaurant.id), billing);
      expect(details.available).toBe(true);
      expect(details.nextCharge).toMatchObject({ amountMinor: 4900, currency: 'ron' });
      expect(details.nextCharge?.date).toMatch(/^\d{4}-/);
      expect(details.invoices).toHaveLength(1);
      expect(details.invoices[0]).toMatchObject({ amountMinor: 4900, status: 'paid' });
      expect(details.invoices[0]!.url).toContain('/invoice');
      // a second restaurant's owner sees none of it
      const other = await insertRestaurant(database.db);
      expect(await getCardDetails(scopes.owner(other.id), billing)).toEqual({ nextCharge: null, invoices: [], available: true });
    });
  });
});

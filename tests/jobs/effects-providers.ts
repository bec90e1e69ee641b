import { expect } from 'vitest';
import { startCheckout } from '#app/modules/billing/billing-checkout.server.ts';
import { enqueueJob } from '#app/modules/jobs/jobs.server.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { updateProduct } from '#app/modules/product/product.service.server.ts';
import { translateFieldNow } from '#app/modules/translation/field-translation.server.ts';
import { getTranslationProgress, startFillMissing } from '#app/modules/translation/fill-missing.server.ts';
import { buildCategory, buildLocation, buildProduct, insertRestaurant } from '#tests/factories/builders.ts';
import type { JobEffects, JobWorld } from './job-world.ts';

/** The job types that call another service: Stripe (the fake one) and machine translation (the fake DeepL). */

const providerRows = (world: JobWorld, restaurantId: string) =>
  world.db.selectFrom('subscription').select(['status', 'plan', 'cancelAtPeriodEnd']).where('restaurantId', '=', restaurantId).where('kind', '=', 'provider').execute();

/** A restaurant that paid through Checkout: Stripe's webhooks only queued `billing.sync` jobs. */
async function checkedOut(world: JobWorld) {
  const restaurant = await insertRestaurant(world.db);
  const url = await startCheckout(world.scopes.owner(restaurant.id), world.stripe.billing, { interval: 'monthly', locale: 'ro' });
  const { subscription, responses } = await world.stripe.fake.completeCheckout(url.split('/').pop()!);
  expect(responses).toEqual([200, 200, 200]);
  return { restaurantId: restaurant.id, subscription };
}

async function dish(world: JobWorld, nameRo: string) {
  const restaurant = await insertRestaurant(world.db);
  const location = buildLocation(restaurant.id);
  const category = buildCategory(restaurant.id, location.id);
  const product = buildProduct(restaurant.id, category.id, { nameRo, nameEn: null, descriptionRo: null, descriptionEn: null });
  await world.db.insertInto('location').values(location).execute();
  await world.db.insertInto('category').values(category).execute();
  await world.db.insertInto('product').values(product).execute();
  const row = () => world.db.selectFrom('product').selectAll().where('id', '=', product.id).executeTakeFirstOrThrow();
  return { restaurantId: restaurant.id, categoryId: category.id, productId: product.id, row, scope: world.scopes.owner(restaurant.id) };
}

export const providerEffects: Pick<JobEffects, 'billing.sync' | 'billing.reconcile' | 'translation.fill-missing' | 'translation.refresh'> = {
  'billing.sync': {
    effect: 'writes the restaurant’s subscription as Stripe has it after the webhook',
    async run(world) {
      const { restaurantId } = await checkedOut(world);
      expect(await providerRows(world, restaurantId)).toEqual([]);
      await world.work();
      expect(await providerRows(world, restaurantId)).toMatchObject([{ status: 'active', plan: 'pro_monthly' }]);
    },
  },

  'billing.reconcile': {
    effect: 'heals a subscription whose webhook never arrived from Stripe',
    async run(world) {
      const { restaurantId, subscription } = await checkedOut(world);
      await world.work();
      // Stripe cancels at the period's end; the event is lost
      world.stripe.fake.updateSubscription(subscription.id, { cancel_at_period_end: true });
      await enqueueJob(world.db, { type: 'billing.reconcile', payload: {} });
      await world.work();
      const [row] = await providerRows(world, restaurantId);
      expect(Number(row?.cancelAtPeriodEnd)).toBe(1);
    },
  },

  'translation.fill-missing': {
    effect: 'translates every missing text of the menu and finishes its run',
    async run(world) {
      const { scope, row } = await dish(world, 'Ciorbă de burtă');
      const run = await startFillMissing(scope, world.provider);
      expect(run.status).toBe('running');
      await world.work();
      expect(await getTranslationProgress(scope)).toMatchObject({ id: run.id, status: 'done', error: null });
      expect((await row()).nameEn).toBe('en-gb: CIORBĂ DE BURTĂ');
    },
  },

  'translation.refresh': {
    effect: 'translates again the machine-made text of a row whose Romanian changed',
    async run(world) {
      const { scope, row, productId, categoryId } = await dish(world, 'Ciorbă de burtă');
      await translateFieldNow(scope, world.storage, world.provider, 'product', productId, { field: 'name', language: 'en' });
      const before = await row();
      expect(before.nameEn).toBe('en-gb: CIORBĂ DE BURTĂ');
      const input = ProductInput.parse({
        categoryId,
        nameRo: 'Ciorbă de perișoare',
        nameEn: before.nameEn,
        descriptionRo: '',
        descriptionEn: '',
        price: '24',
        available: 'on',
        visible: 'on',
      });
      await updateProduct(scope, world.storage, productId, input, before.updatedAt);
      await world.work();
      expect((await row()).nameEn).toBe('en-gb: CIORBĂ DE PERIȘOARE');
    },
  },
};

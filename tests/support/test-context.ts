// vitest reads a fixture's dependencies from its first parameter, which must be an object pattern, empty when it has none
/* oxlint-disable no-empty-pattern */
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { test as baseTest } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { AdminScope, MemberScope, UserActor, UserScope } from '#app/modules/access/scope.server.ts';
import { createBilling, type Billing } from '#app/modules/billing/stripe-client.server.ts';
import { createLocalDiskStorage, type FileStorage } from '#app/modules/image/storage.server.ts';
import type { Mailer, OutgoingMail } from '#app/modules/mail/mailer.server.ts';
import { startFakeStripe, type FakeStripe } from './fake-stripe.ts';
import { startFakeTranslator, type FakeTranslator, type WireFormat } from './fake-translation.ts';
import type { Role } from '#app/modules/access/policy.ts';
import { adminScope, forgedAdminScope, forgedMemberScope, memberScope, ownerScope, userScope } from './scopes.ts';
import { startWebhookApp, type WebhookApp } from './stripe-webhook-app.ts';
import { testTmpDir } from './template-database.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The file's database, as `db` in a test's or a hook's parameter. */
export type TestDb = Kysely<Database>;

/** Scopes for the usual actors over the file's database, standing in for a passed access check. */
export interface ActorScopes {
  owner(restaurantId: string, actor?: Partial<UserActor>): MemberScope;
  /** a member of the restaurant in `role` (decision 0029) */
  member(restaurantId: string, role: Role, actor?: Partial<UserActor>): MemberScope;
  /** a copy of an owner's scope the access module did not make: refused at run time */
  forgedOwner(restaurantId: string): MemberScope;
  user(actor?: Partial<UserActor>): UserScope;
  admin(actor?: Partial<UserActor>): AdminScope;
  /** an admin scope whose user is not an admin: what a cast or a bug could produce */
  forgedAdmin(): AdminScope;
}

/** A mailer that keeps what it is asked to send. */
export interface Outbox {
  mailer: Mailer;
  sent: OutgoingMail[];
}

/** More databases than the file's one: a migration test's (`upTo`, `migrate: false`) or a second one a test breaks on purpose; each is dropped with the file. */
export interface Databases {
  create(options?: { migrate?: boolean; upTo?: string }): Promise<TestDatabase>;
}

/** Fake translation services; each started one is closed with the file. */
export interface Translators {
  start(format: WireFormat, options?: { apiKey?: string }): Promise<FakeTranslator>;
}

/** Card payments through the fake Stripe, its events posted to the app's webhook endpoint over the file's database. */
export interface StripeContext {
  fake: FakeStripe;
  billing: Billing;
  webhook: WebhookApp;
  webhookSecret: string;
  prices: { monthly: string; yearly: string };
}

export const STRIPE_WEBHOOK_SECRET = 'whsec_test_secret';
export const STRIPE_PRICES = { monthly: 'price_monthly_test', yearly: 'price_yearly_test' };

/**
 * The one test context: `test` from here hands a test, or a `test.beforeAll` hook, what it
 * destructures, built once for the file on first use and cleaned up after the file's last test:
 * `database` (a copy of the run's migrated template, tests/support/test-database.ts) and its `db`,
 * `databases` for more, `uploads` (a temporary folder) and `storage` on it, `scopes`, `outbox`,
 * `translators`, `stripe`. A file's helpers take them from a hook:
 * `test.beforeAll(({ db: fileDb }) => { db = fileDb; })`.
 */
export const test = baseTest
  .extend('database', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestDatabase> => {
    const database = await createTestDatabase();
    onCleanup(() => database.cleanup());
    return database;
  })
  .extend('db', { scope: 'file' }, ({ database }): TestDb => database.db)
  .extend('databases', { scope: 'file' }, ({}, { onCleanup }): Databases => {
    const created: TestDatabase[] = [];
    onCleanup(async () => void (await Promise.all(created.map((database) => database.cleanup()))));
    return {
      async create(options) {
        const database = await createTestDatabase(options);
        created.push(database);
        return database;
      },
    };
  })
  .extend('uploads', { scope: 'file' }, ({}, { onCleanup }): string => {
    const dir = mkdtempSync(join(testTmpDir(), 'bucate-uploads-'));
    onCleanup(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  })
  .extend('storage', { scope: 'file' }, ({ uploads }): FileStorage => createLocalDiskStorage(uploads))
  .extend('scopes', { scope: 'file' }, ({ db }): ActorScopes => ({
    owner: (restaurantId, actor) => ownerScope(db, restaurantId, actor),
    member: (restaurantId, role, actor) => memberScope(db, restaurantId, role, actor),
    forgedOwner: (restaurantId) => forgedMemberScope(db, restaurantId),
    user: (actor) => userScope(db, actor),
    admin: (actor) => adminScope(db, actor),
    forgedAdmin: () => forgedAdminScope(db),
  }))
  .extend('outbox', { scope: 'file' }, (): Outbox => {
    const sent: OutgoingMail[] = [];
    return { sent, mailer: { send: async (mail) => void sent.push(mail) } };
  })
  .extend('translators', { scope: 'file' }, ({}, { onCleanup }): Translators => {
    const started: FakeTranslator[] = [];
    onCleanup(async () => void (await Promise.all(started.map((fake) => fake.close()))));
    return {
      async start(format, options) {
        const fake = await startFakeTranslator(format, options);
        started.push(fake);
        return fake;
      },
    };
  })
  .extend('stripe', { scope: 'file' }, async ({ db }, { onCleanup }): Promise<StripeContext> => {
    let billing: Billing | undefined;
    const webhook = await startWebhookApp(
      () => db,
      () => billing!,
    );
    const fake = await startFakeStripe({ webhookUrl: () => webhook.url, webhookSecret: STRIPE_WEBHOOK_SECRET });
    onCleanup(async () => {
      await fake.close();
      await webhook.close();
    });
    billing = createBilling({
      secretKey: 'sk_test_fake',
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      prices: STRIPE_PRICES,
      automaticTax: true,
      apiBase: fake.apiBase,
      publicUrl: 'http://localhost:3000',
    });
    return { fake, billing, webhook, webhookSecret: STRIPE_WEBHOOK_SECRET, prices: STRIPE_PRICES };
  });

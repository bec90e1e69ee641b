import { createAuth } from '#app/auth/auth.server.ts';
import { authServices } from '#app/wiring/auth-services.server.ts';
import { defaultSqlitePath, openDatabase } from '#app/db/connection.server.ts';
import { migrateToLatest } from '#app/db/migrate.server.ts';
import { DEMO_LOGINS, isDatabaseEmpty, seedDemo } from '#app/modules/demo/demo-seed.server.ts';
import { getEnv, getPublicUrl } from '#app/env.server.ts';
import { createConfiguredStorage } from '#app/modules/image/storage.server.ts';
import { DEMO_RESTAURANT_SLUG } from '#app/modules/restaurant/demo.ts';

/** Opens the configured database for a one-off task (migrate, seed) and closes it afterwards. */
export async function withDatabase<T>(task: (handle: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const env = getEnv();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR), poolSize: 2 });
  try {
    return await task(handle);
  } finally {
    await handle.db.destroy();
  }
}

export async function runMigrations(): Promise<void> {
  await withDatabase(async ({ db, kind }) => {
    const results = await migrateToLatest(db);
    const applied = results?.filter((r) => r.status === 'Success').map((r) => r.migrationName) ?? [];
    console.log(`[db] ${kind}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}`);
  });
}

/**
 * Seeds the demo restaurant when the database is new and this is not production (or SEED_DEMO
 * says otherwise). Returns whether it seeded.
 */
export async function seedDemoIfNew(options: { force?: boolean } = {}): Promise<boolean> {
  const env = getEnv();
  const wanted = options.force || (env.SEED_DEMO ?? env.NODE_ENV !== 'production');
  if (!wanted) return false;
  return withDatabase(async (handle) => {
    if (!(await isDatabaseEmpty(handle.db))) return false;
    const result = await seedDemo(handle.db, createAuth(handle, env, authServices(handle)), createConfiguredStorage(env));
    console.log(`[db] seeded the demo restaurant with ${result.products} products`);
    return true;
  });
}

export function printWelcome(): void {
  const url = getPublicUrl();
  console.log(
    [
      '',
      `  Bucate is running at ${url}`,
      `  Demo menu:        ${url}/${DEMO_RESTAURANT_SLUG}`,
      `  Owner sign-in:    ${DEMO_LOGINS.owner.email} / ${DEMO_LOGINS.owner.password}`,
      `  Admin sign-in:    ${DEMO_LOGINS.admin.email} / ${DEMO_LOGINS.admin.password}`,
      '',
    ].join('\n'),
  );
}

import { restoreDatabase } from '#app/db/backup.server.ts';
import { defaultSqlitePath } from '#app/db/connection.server.ts';
import { getEnv } from '#app/env.server.ts';

// `npm run db:restore <file>`: replaces the configured database with a backup. Stop the app first.
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore <backup file>');
  process.exit(1);
}
const env = getEnv();
await restoreDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR) }, file);
console.log(`[db] restored ${file}`);

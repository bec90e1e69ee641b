import { defaultSqlitePath } from '#app/db/connection.server.ts';
import { restoreDatabase } from '#app/db/restore.server.ts';
import { getEnv } from '#app/env.server.ts';

// `npm run db:restore <file>`: replaces the configured database with a backup, once the file has proved
// to be a complete backup of this app. Stop the app first. A refusal is one line and a non-zero exit.
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run db:restore <backup file>');
  process.exit(1);
}
const env = getEnv();
try {
  const { previous } = await restoreDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR) }, file);
  console.log(`[db] restored ${file}`);
  if (previous) console.log(`[db] previous database kept as ${previous} (delete it once you no longer need it)`);
} catch (error) {
  console.error(`[db] restore refused: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}

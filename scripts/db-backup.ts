import { join } from 'node:path';
import { backupDatabase, backupFileName } from '#app/db/backup.server.ts';
import { defaultSqlitePath } from '#app/db/connection.server.ts';
import { getEnv } from '#app/env.server.ts';

// `npm run db:backup [file]`: a consistent copy of the live database (SQLite online backup, or pg_dump).
const env = getEnv();
const target = { databaseUrl: env.DATABASE_URL, sqlitePath: env.SQLITE_PATH ?? defaultSqlitePath(env.DATA_DIR) };
const file = process.argv[2] ?? join(env.BACKUP_DIR ?? join(env.DATA_DIR, 'backups'), backupFileName(target, new Date()));
await backupDatabase(target, file);
console.log(`[db] backup written to ${file}`);

import { runMigrations } from '#server/runtime.ts';

await runMigrations();

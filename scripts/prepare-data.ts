import { resolveAuthSecret } from '#app/auth/auth-secret.server.ts';
import { getEnv } from '#app/env.server.ts';
import { printWelcome, runMigrations, seedDemoIfNew } from '#server/runtime.ts';

// Part of `npm start`: schema up to date, demo restaurant on a new database, log-ins printed.
resolveAuthSecret(getEnv());
await runMigrations();
await seedDemoIfNew();
printWelcome();

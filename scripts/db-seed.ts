import { seedDemoIfNew } from '#server/runtime.ts';

// Seeds only a new database: the demo never overwrites anybody's data.
const seeded = await seedDemoIfNew({ force: true });
if (!seeded) console.log('[db] the database already has data: demo not seeded');

import { openDatabase } from '#app/db/connection.server.ts';
import { restoreDatabase } from '#app/db/restore.server.ts';
import type { Databases } from './test-context.ts';

/** Restores `backupFile` into a new, unmigrated database and reads back the name of restaurant `restaurantId`. */
export async function restaurantNameInBackup(databases: Databases, backupFile: string, restaurantId: string): Promise<{ name: string } | undefined> {
  const restored = await databases.create({ migrate: false });
  try {
    await restoreDatabase(restored.location, backupFile);
    const reopened = openDatabase(restored.location);
    try {
      return await reopened.db.selectFrom('restaurant').select('name').where('id', '=', restaurantId).executeTakeFirst();
    } finally {
      await reopened.db.destroy();
    }
  } finally {
    await restored.cleanup();
  }
}

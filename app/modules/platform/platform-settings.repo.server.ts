import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';

/** The one app config row (settings/app_config). */

export const APP_CONFIG_ID = 'app_config';

export function readAppConfig(db: Kysely<Database>) {
  return db
    .selectFrom('appConfig')
    .select(['defaultLocale', 'availableLocales', 'contactEmail', 'priceMonthlyMinor', 'priceYearlyMinor', 'priceCurrency', 'updatedAt'])
    .where('id', '=', APP_CONFIG_ID)
    .executeTakeFirst();
}

export interface AppConfigValues {
  defaultLocale: string;
  availableLocales: string;
  contactEmail: string | null;
  priceMonthlyMinor: number | null;
  priceYearlyMinor: number | null;
  priceCurrency: string | null;
  updatedAt: string;
}

/**
 * Writes the one app config row only while it is still at `expectedUpdatedAt`, the version the form was
 * loaded at (decision 0015; null: there was no row, it is created). False when nothing was written.
 */
export async function writeAppConfig(db: Kysely<Database>, values: AppConfigValues, expectedUpdatedAt: string | null): Promise<boolean> {
  if (expectedUpdatedAt === null) {
    await db
      .insertInto('appConfig')
      .values({ id: APP_CONFIG_ID, ...values })
      .execute();
    return true;
  }
  const updated = await db.updateTable('appConfig').set(values).where('id', '=', APP_CONFIG_ID).where('updatedAt', '=', expectedUpdatedAt).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

import type { Kysely } from 'kysely';

/**
 * Fair limits on guests' requests (issue 33 item 3, decision 0032 "Ceilings"): per location, the
 * orders it takes in 10 minutes, the reservation requests it takes in an hour and in a day, and the
 * requests one contact (phone or e-mail) may make in a day; the owner sets them within the
 * platform's bounds. `ordersCeilingAt` and `reservationsCeilingAt` are when a ceiling last refused a
 * guest, so the staff's board can say so. The defaults repeat ordering.types.ts (migrations never
 * import app code).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, fallback] of [
    ['orderCeiling', 60],
    ['reservationHourCeiling', 20],
    ['reservationDayCeiling', 100],
    ['reservationContactCeiling', 3],
  ] as const) {
    await db.schema
      .alterTable('orderingSettings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(fallback))
      .execute();
  }
  await db.schema.alterTable('orderingSettings').addColumn('ordersCeilingAt', 'text').execute();
  await db.schema.alterTable('orderingSettings').addColumn('reservationsCeilingAt', 'text').execute();
  // the reservation ceilings count a location's requests by when they were made
  await db.schema.createIndex('reservation_location_created_idx').on('reservation').columns(['restaurantId', 'locationId', 'createdAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reservation_location_created_idx').execute();
  for (const column of ['reservationsCeilingAt', 'ordersCeilingAt', 'reservationContactCeiling', 'reservationDayCeiling', 'reservationHourCeiling', 'orderCeiling']) {
    await db.schema.alterTable('orderingSettings').dropColumn(column).execute();
  }
}

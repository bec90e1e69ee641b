import type { Kysely } from 'kysely';
import type { Database } from '#app/db/schema.ts';
import type { RestaurantScope } from '#app/modules/access/scope.server.ts';
import { answerCloudPrnt } from '#app/modules/printing/cloudprnt-http.server.ts';
import { addPrinter } from '#app/modules/printing/printer.service.server.ts';
import { buildLocation, insertRestaurant, newId } from '#tests/factories/builders.ts';
import { CloudPrntPrinter } from './cloudprnt-printer.ts';

/**
 * A restaurant with a location of two stations ("Bucătărie" first, then "Bar") and a table, for the
 * printing tests (issue 36): printers are added through the owner's service and polled by an
 * emulated CloudPRNT printer whose requests go to the route's own handler.
 */
export async function printingWorld(db: Kysely<Database>, owner: (restaurantId: string) => RestaurantScope, label: string) {
  const { id } = await insertRestaurant(db, { slug: `tipar-${label}-${newId().slice(0, 6).toLowerCase()}`, name: 'Bistro Ștefan' }, {});
  const restaurantId = id!;
  const hall = buildLocation(restaurantId, { nameRo: 'Sala mare' });
  await db.insertInto('location').values(hall).execute();
  const stamp = new Date(Date.now() - 60_000).toISOString();
  const kitchen = { id: newId(), restaurantId, locationId: hall.id, nameRo: 'Bucătărie', nameEn: 'Kitchen', sortOrder: 0, createdAt: stamp, updatedAt: stamp };
  const bar = { id: newId(), restaurantId, locationId: hall.id, nameRo: 'Bar', nameEn: null, sortOrder: 1, createdAt: stamp, updatedAt: stamp };
  await db.insertInto('station').values([kitchen, bar]).execute();
  const table = { id: newId(), label: 'Masa 4' };
  await db
    .insertInto('diningTable')
    .values({ ...table, restaurantId, locationId: hall.id, code: `p${newId().slice(0, 8)}`, sortOrder: 1, createdAt: stamp })
    .execute();
  const scope = owner(restaurantId);
  const printerFor = async (stationId: string | null, name: string) => {
    const created = await addPrinter(scope, { locationId: hall.id, name, stationId, paperWidth: 48 });
    const device = new CloudPrntPrinter({ url: `http://bucate.test/api/print/${created.token}`, send: (request) => answerCloudPrnt(db, request, created.token) });
    return { ...created, device };
  };
  return { restaurantId, scope, locationId: hall.id, kitchen: kitchen.id, bar: bar.id, table, printerFor };
}

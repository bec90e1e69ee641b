import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { MAX_IMPORT_BYTES } from '#app/modules/import/import-read.server.ts';
import { getImportLocations } from '#app/modules/import/import.service.server.ts';
import { ImportPage } from '#app/ui/import/import-page.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.import';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'import.title', 'import.description');

/** Import (spreadsheet, PDF, photo), export and the printable documents of the menu. */
export const loader = restaurantRoute('menu.import', async ({ params }: Route.LoaderArgs, { scope: owner }) => {
  return { slug: params.restaurantSlug, locations: await getImportLocations(owner), maxMb: MAX_IMPORT_BYTES / (1024 * 1024) };
});

export default function ImportRoute({ loaderData }: Route.ComponentProps) {
  return <ImportPage {...loaderData} />;
}

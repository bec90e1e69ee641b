import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { requireSameOrigin } from '#app/modules/access/same-origin.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { readImportForm } from '#app/modules/import/import-request.server.ts';
import { commitImport, getImportDraft, startImport } from '#app/modules/import/import.service.server.ts';
import type { Route } from './+types/restaurant-admin.import-file';

const noStore = { 'Cache-Control': 'no-store' };
const methodNotAllowed = () => new Response(null, { status: 405, headers: { Allow: 'POST' } });

function refusal(request: Request, error: unknown): Response {
  if (!isAppError(error)) throw error;
  const { t } = getI18n(getRequestLocale(request));
  return Response.json({ error: t(`appErrors.${error.code}`, error.params), code: error.code }, { status: error.status, headers: noStore });
}

/** `?draft=<id>`: where a menu photo's recognition is, then its rows for the review grid. */
export const loader = restaurantRoute('menu.import', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  const url = new URL(request.url);
  const draftId = url.searchParams.get('draft');
  if (!draftId) return methodNotAllowed();
  try {
    return Response.json(await getImportDraft(owner, draftId, { locationId: url.searchParams.get('location') ?? undefined }), { headers: noStore });
  } catch (error) {
    return refusal(request, error);
  }
});

/**
 * The menu import's file, a multipart POST answered with JSON for the import page: `preview` reads
 * the file into the review grid (nothing saved), `commit` saves the reviewed rows all or nothing.
 * A resource route (its body may be a few MB): requireSameOrigin stands in for React Router's check.
 */
export const action = restaurantRoute('menu.import', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  if (request.method !== 'POST') return methodNotAllowed();
  requireSameOrigin(request);
  const { t } = getI18n(getRequestLocale(request));
  try {
    const form = await readImportForm(request);
    if (form.intent === 'commit') {
      const result = await commitImport(owner, getStorage(), { locationId: form.locationId, rows: form.rows });
      const done =
        result.locations > 0
          ? t('import.doneWithLocations', { count: result.products, categories: result.categories, locations: result.locations })
          : t('import.done', { count: result.products, categories: result.categories });
      const notice = result.optionGroups > 0 ? `${done} ${t('import.doneOptionGroups', { count: result.optionGroups })}` : done;
      return Response.json({ result, notice }, { headers: noStore });
    }
    return Response.json(await startImport(owner, form.file, { locationId: form.locationId, mapping: form.mapping }), { headers: noStore });
  } catch (error) {
    return refusal(request, error);
  }
});

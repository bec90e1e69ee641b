import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { requireSameOrigin } from '#app/modules/access/same-origin.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { readImageUploadForm } from '#app/modules/image/image-upload-request.server.ts';
import { imageKindOf, srcSetOf, type UploadedImage } from '#app/modules/image/image.schema.ts';
import { saveUploadedImage } from '#app/modules/image/image.service.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import type { Route } from './+types/restaurant-admin.images';

const noStore = { 'Cache-Control': 'no-store' };
const methodNotAllowed = () => new Response(null, { status: 405, headers: { Allow: 'POST' } });

/** Only uploads come here; without this, React Router would answer a GET with a logged 400 (after the same check as the upload). */
export const loader = restaurantRoute('menu.edit', () => methodNotAllowed());

/**
 * Image upload of the restaurant admin (docs/product-spec.md section 5): a multipart POST with `file` and `kind`,
 * answered with JSON for the upload control, `{ image }` or `{ error, code }`. A resource route,
 * so React Router's own origin check does not run here: requireSameOrigin does it.
 */
export const action = restaurantRoute('menu.edit', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  if (request.method !== 'POST') return methodNotAllowed();
  requireSameOrigin(request);
  try {
    const upload = await readImageUploadForm(request);
    const saved = await saveUploadedImage(owner, getStorage(), {
      kind: imageKindOf(upload.kind),
      file: upload.file,
      name: upload.name,
    });
    const image: UploadedImage = { id: saved.id, url: saved.url, srcSet: srcSetOf(saved.variants) };
    return Response.json({ image }, { headers: noStore });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const message = getI18n(getRequestLocale(request)).t(`appErrors.${error.code}`, error.params);
    return Response.json({ error: message, code: error.code }, { status: error.status, headers: noStore });
  }
});

import { z } from 'zod';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { getFieldTranslations } from '#app/modules/translation/field-translation.server.ts';
import { runTranslationPanelAction } from '#app/modules/translation/panel-action.server.ts';
import { getTranslationProvider } from '#app/modules/translation/providers.server.ts';
import type { Route } from './+types/restaurant-admin.translations';

/**
 * The rows a panel opens: a category or a location of the menu editor, an option group or option of
 * the options library (dishes and the restaurant have their own pages).
 */
const PanelTarget = z.object({ table: z.enum(['category', 'location', 'optionGroup', 'optionItem']), id: z.string().min(1).max(64) });

function targetOf(values: Record<string, unknown>) {
  const parsed = PanelTarget.safeParse(values);
  if (!parsed.success) throw new AppError('invalid-input');
  return parsed.data;
}

/** A category's, location's, option group's or option's texts in English and the extra languages, loaded when its panel opens (the editor list stays light). */
export const loader = restaurantRoute('menu.translate', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  try {
    const { table, id } = targetOf(Object.fromEntries(new URL(request.url).searchParams));
    return { rows: await getFieldTranslations(owner, table, id), translationConfigured: getTranslationProvider() !== null };
  } catch (error) {
    if (isAppError(error)) throw new Response(null, { status: error.status });
    throw error;
  }
});

/** That panel's "Tradu automat" and save, for the row it names. */
export const action = restaurantRoute('menu.translate', async ({ request }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), []);
  const parsed = PanelTarget.safeParse(values);
  // a post without a row is bad input; the row itself is checked against this restaurant by the service
  return runTranslationPanelAction(owner, request, values, parsed.success ? parsed.data.table : 'category', parsed.success ? parsed.data.id : '');
});

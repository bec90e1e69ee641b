import { useTranslation } from 'react-i18next';
import { redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { permissionsOf } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { returnsAt, returnsLabel } from '#app/modules/editor/returns-at.ts';
import { AppError, isAppError } from '#app/modules/errors/app-error.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { formValues, formVersion } from '#app/modules/editing/menu-fields.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { getOptionGroupForEdit } from '#app/modules/options/dish-options.service.server.ts';
import { createOptionItem, deleteOptionGroup, deleteOptionItem, moveOptionItem, updateOptionGroup, updateOptionItem } from '#app/modules/options/options-library.service.server.ts';
import { OptionGroupInput, OptionItemInput } from '#app/modules/options/options.schema.ts';
import { markOptionSoldOutUntilOpening } from '#app/modules/options/sold-out.server.ts';
import { EditorPermissions } from '#app/ui/editor/editor-permissions.tsx';
import { OptionGroupEditor } from '#app/ui/editor/option-group-editor.tsx';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.option-group';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'options.title', 'options.description');

/** The group for whoever may mark its options sold out (staff: that only; menu.edit: the whole editor). */
export const loader = restaurantRoute('menu.availability', async ({ request, params }: Route.LoaderArgs, { scope: owner, role }) => {
  const locale = getRequestLocale(request);
  const page = await getOptionGroupForEdit(owner, params.groupId).catch((error: unknown) => {
    throw isAppError(error) ? redirectToNotFound(getI18n(locale).t('appErrors.not-found')) : error;
  });
  return { ...page, locale, permissions: permissionsOf(role) };
});

const direction = (value: unknown) => (value === 'down' ? 'down' : 'up');

/**
 * The group's own forms: its settings, its deletion, and each option's add, save, move and delete
 * (each service checks menu.edit), and an option sold out until the next opening (menu.availability,
 * staff too, as for a dish in the menu editor).
 */
export const action = restaurantRoute('menu.availability', async ({ request, params }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), ['allergens', 'traces']);
  const storage = getStorage();
  const id = String(values.id ?? '');
  return runEditorAction(request, values, async (t) => {
    switch (values.intent) {
      case 'update-group':
        await updateOptionGroup(owner, storage, params.groupId, OptionGroupInput.parse(values), formVersion.parse(values.version));
        return { message: t('options.groupSaved') };
      case 'delete-group':
        await deleteOptionGroup(owner, storage, params.groupId);
        throw redirect(`/${params.restaurantSlug}/admin/options`);
      case 'create-option':
        return { message: t('options.optionAdded'), id: await createOptionItem(owner, storage, params.groupId, OptionItemInput.parse(values)) };
      case 'update-option':
        await updateOptionItem(owner, storage, id, OptionItemInput.parse(values), formVersion.parse(values.version));
        return { message: t('options.optionSaved') };
      case 'move-option':
        await moveOptionItem(owner, storage, id, direction(values.direction));
        return { message: t('options.moved') };
      case 'delete-option':
        await deleteOptionItem(owner, storage, id);
        return { message: t('options.optionDeleted') };
      case 'option-sold-out-until-opening': {
        const { at, timeZone } = await markOptionSoldOutUntilOpening(owner, storage, id);
        return { message: returnsLabel(t, returnsAt(at.getTime(), timeZone, Date.now())) };
      }
      default:
        throw new AppError('invalid-input');
    }
  });
});

export default function OptionGroupPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [search] = useSearchParams();
  useActionToast(result, navigation.state);
  return (
    <section aria-labelledby="group-title">
      {search.get('created') ? (
        <p role="status" className="mb-4 rounded-lg bg-stone-100 p-3 dark:bg-stone-800">
          {t('options.groupCreated')}
        </p>
      ) : null}
      <EditorPermissions permissions={loaderData.permissions}>
        <OptionGroupEditor group={loaderData.group} result={result} currency={loaderData.currency} locale={loaderData.locale} slug={params.restaurantSlug} />
      </EditorPermissions>
    </section>
  );
}

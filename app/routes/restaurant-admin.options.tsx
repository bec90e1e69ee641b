import { useTranslation } from 'react-i18next';
import { redirect, useActionData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { can } from '#app/modules/access/policy.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { getOptionLibrary } from '#app/modules/options/dish-options.service.server.ts';
import { createOptionGroup } from '#app/modules/options/options-library.service.server.ts';
import { OptionGroupInput } from '#app/modules/options/options.schema.ts';
import { OptionsLibrary } from '#app/ui/editor/options-library.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.options';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'options.title', 'options.description');

/**
 * The restaurant's library of option groups (issue 35): its own page, so the menu editor's first load
 * carries none of it (decision 0033). Staff open it to reach a group's options and mark one sold out.
 */
export const loader = restaurantRoute('menu.availability', async ({ request }: Route.LoaderArgs, { scope: owner, role }) => {
  return { groups: await getOptionLibrary(owner), locale: getRequestLocale(request), canEdit: can(role, 'menu.edit') };
});

/** A new group; then its own page, to add its options. */
export const action = restaurantRoute('menu.edit', async ({ request, params }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData());
  return runEditorAction(request, values, async () => {
    const id = await createOptionGroup(owner, getStorage(), OptionGroupInput.parse(values));
    throw redirect(`/${params.restaurantSlug}/admin/options/${id}?created=1`);
  });
});

export default function OptionsPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="options-title">
      <h2 id="options-title" className="text-xl font-semibold">
        {t('options.title')}
      </h2>
      <p className="mt-2 max-w-prose text-stone-700 dark:text-stone-300">{loaderData.canEdit ? t('options.intro') : t('options.staffIntro')}</p>
      <OptionsLibrary groups={loaderData.groups} result={result} locale={loaderData.locale} slug={params.restaurantSlug} canEdit={loaderData.canEdit} />
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { redirect, useActionData } from 'react-router';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { formValues } from '#app/modules/editing/menu-fields.ts';
import { getProductFormChoices } from '#app/modules/editor/menu-editor.service.server.ts';
import { emptyProductFormValues } from '#app/modules/product/product-form.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { createProduct } from '#app/modules/product/product.service.server.ts';
import { ProductForm } from '#app/ui/editor/product-form.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.product-new';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editor.newProduct', 'editor.newProduct');

export const loader = restaurantRoute('menu.edit', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  const choices = await getProductFormChoices(owner);
  const requested = new URL(request.url).searchParams.get('category');
  const categoryId = choices.categories.find((c) => c.id === requested)?.id ?? choices.categories[0]?.id ?? '';
  return { ...choices, values: emptyProductFormValues(categoryId), locale: getRequestLocale(request) };
});

/** docs/product-spec.md section 4: refused past the plan limit with the upgrade message; nothing typed is lost. */
export const action = restaurantRoute('menu.edit', async ({ request, params }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), ['allergens', 'traces']);
  return runEditorAction(request, values, async () => {
    const id = await createProduct(owner, getStorage(), ProductInput.parse(values));
    throw redirect(`/${params.restaurantSlug}/admin?saved=${id}#product-${id}`);
  });
});

export default function NewProductPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  return (
    <>
      <h2 className="mb-4 text-2xl font-semibold">{t('editor.newProduct')}</h2>
      <ProductForm
        saved={loaderData.values}
        result={result}
        image={null}
        categories={loaderData.categories}
        currency={loaderData.currency}
        slug={params.restaurantSlug}
        locale={loaderData.locale}
      />
    </>
  );
}

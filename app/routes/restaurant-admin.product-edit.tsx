import { useTranslation } from 'react-i18next';
import { redirect, useActionData, useNavigation } from 'react-router';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { redirectToNotFound } from '#app/modules/access/redirects.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { isAppError } from '#app/modules/errors/app-error.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { formValues, formVersion } from '#app/modules/editing/menu-fields.ts';
import { getProductForEdit, getProductFormChoices } from '#app/modules/editor/menu-editor.service.server.ts';
import { runDishOptionsAction } from '#app/modules/options/dish-options-action.server.ts';
import { isDishOptionsIntent } from '#app/modules/options/dish-options.types.ts';
import { getDishOptions } from '#app/modules/options/dish-options.service.server.ts';
import { productFormValues } from '#app/modules/product/product-form.ts';
import { ProductInput } from '#app/modules/product/product.schema.ts';
import { updateProduct } from '#app/modules/product/product.service.server.ts';
import { ProductForm } from '#app/ui/editor/product-form.tsx';
import { getFieldTranslations } from '#app/modules/translation/field-translation.server.ts';
import { isTranslationPanelIntent, runTranslationPanelAction } from '#app/modules/translation/panel-action.server.ts';
import { getTranslationProvider } from '#app/modules/translation/providers.server.ts';
import { TranslationsPanel } from '#app/ui/editor/translations-panel.tsx';
import { DishOptionsSection } from '#app/ui/editor/dish-options-section.tsx';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/restaurant-admin.product-edit';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editor.editProduct', 'editor.editProduct');

export const loader = restaurantRoute('menu.edit', async ({ request, params }: Route.LoaderArgs, { scope: owner }) => {
  const locale = getRequestLocale(request);
  const [choices, product] = await Promise.all([
    getProductFormChoices(owner),
    getProductForEdit(owner, params.productId).catch((error: unknown) => {
      throw isAppError(error) ? redirectToNotFound(getI18n(locale).t('appErrors.not-found')) : error;
    }),
  ]);
  // the dish's texts in the restaurant's extra languages (issue 16)
  const [translations, options] = await Promise.all([getFieldTranslations(owner, 'product', product.id), getDishOptions(owner, product.id)]);
  return {
    ...choices,
    product: { id: product.id, nameRo: product.nameRo, image: product.image },
    values: productFormValues(product, locale),
    version: product.updatedAt,
    locale,
    translations,
    translationConfigured: getTranslationProvider() !== null,
    options,
  };
});

/** Saves every field; a refused save keeps what was typed and says what to fix. */
export const action = restaurantRoute('menu.edit', async ({ request, params }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), ['allergens', 'traces']);
  // the translations panel's own small forms (issue 16)
  if (isTranslationPanelIntent(values.intent)) return runTranslationPanelAction(owner, request, values, 'product', params.productId);
  // the dish's option groups (issue 35): each a small form of its own below the dish's
  if (isDishOptionsIntent(values.intent)) return runDishOptionsAction(owner, request, values, params.productId);
  return runEditorAction(request, values, async () => {
    const id = params.productId;
    await updateProduct(owner, getStorage(), id, ProductInput.parse(values), formVersion.parse(values.version));
    throw redirect(`/${params.restaurantSlug}/admin?saved=${id}#product-${id}`);
  });
});

export default function EditProductPage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const posted = useActionData<typeof action>();
  const navigation = useNavigation();
  // the option groups' small forms answer with a toast (the dish's own save redirects when it succeeds);
  // the dish's form keeps only its own refusal, with what was typed
  const optionsResult = posted && (posted.ok || isDishOptionsIntent(posted.values?.intent)) ? posted : undefined;
  const result = optionsResult ? undefined : posted;
  useActionToast(optionsResult, navigation.state);
  return (
    <>
      <h2 className="mb-4 text-2xl font-semibold">
        {t('editor.editProduct')}: {loaderData.product.nameRo}
      </h2>
      <ProductForm
        saved={loaderData.values}
        version={loaderData.version}
        result={result}
        image={loaderData.product.image}
        categories={loaderData.categories}
        currency={loaderData.currency}
        slug={params.restaurantSlug}
        locale={loaderData.locale}
      />
      <DishOptionsSection attached={loaderData.options.attached} available={loaderData.options.available} locale={loaderData.locale} slug={params.restaurantSlug} />
      <TranslationsPanel rows={loaderData.translations} translationConfigured={loaderData.translationConfigured} />
    </>
  );
}

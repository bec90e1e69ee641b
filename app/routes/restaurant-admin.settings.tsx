import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useActionData, useSearchParams } from 'react-router';
import { getPublicUrl } from '#app/env.server.ts';
import { restaurantRoute } from '#app/modules/access/route-guards.server.ts';
import { runEditorAction } from '#app/modules/errors/action-result.server.ts';
import { getStorage } from '#app/modules/image/storage.server.ts';
import { formCounterVersion, formValues } from '#app/modules/editing/menu-fields.ts';
import { RestaurantSettingsInput } from '#app/modules/restaurant-settings/restaurant-settings.schema.ts';
import { getRestaurantSettings, updateRestaurantSettings } from '#app/modules/restaurant-settings/restaurant-settings.service.server.ts';
import { settingsFormValues, submittedSettingsValues } from '#app/modules/restaurant-settings/settings-form.ts';
import { SettingsForm } from '#app/ui/editor/settings-form.tsx';
import { LanguagesForm } from '#app/ui/editor/languages-form.tsx';
import { getI18n } from '#app/i18n/i18n.ts';
import { getRequestLocale } from '#app/i18n/locale.server.ts';
import { ContentSettingsInput, getContentSettingsForm, updateContentSettings } from '#app/modules/translation/content-settings.service.server.ts';
import { getTranslationProgress, startFillMissing } from '#app/modules/translation/fill-missing.server.ts';
import { getTranslationProvider } from '#app/modules/translation/providers.server.ts';
import { getFieldTranslations } from '#app/modules/translation/field-translation.server.ts';
import { isTranslationPanelIntent, runTranslationPanelAction } from '#app/modules/translation/panel-action.server.ts';
import { TranslationsPanel } from '#app/ui/editor/translations-panel.tsx';
import { pageMeta } from '#app/ui/page-meta.ts';
import { useToast } from '#app/ui/toast/toast-provider.tsx';
import { useActionToast } from '#app/ui/editor/use-action-toast.ts';
import type { Route } from './+types/restaurant-admin.settings';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'editor.settingsTitle', 'editor.settingsTitle');

export const loader = restaurantRoute('settings.edit', async ({ request }: Route.LoaderArgs, { scope: owner }) => {
  const settings = await getRestaurantSettings(owner);
  const progress = await getTranslationProgress(owner);
  const { t } = getI18n(getRequestLocale(request));
  return {
    content: await getContentSettingsForm(owner),
    // the restaurant's description in the extra languages
    translations: await getFieldTranslations(owner, 'restaurant', owner.restaurantId),
    translationConfigured: getTranslationProvider() !== null,
    progress: progress
      ? { status: progress.status, total: progress.total, done: progress.done, errorMessage: progress.error ? t(`appErrors.${progress.error}`, { detail: '' }) : null }
      : null,
    values: settingsFormValues(settings),
    version: String(settings.settingsVersion),
    logo: settings.logo,
    cover: settings.cover,
    timeZones: Intl.supportedValuesOf('timeZone'),
    // the public address, never the host the admin was opened at (issue 17, friction 3)
    origin: getPublicUrl(),
  };
});

/** docs/product-spec.md section 5: a slug already used is refused with 'Acest URL este deja folosit de alt restaurant'. */
export const action = restaurantRoute('settings.edit', async ({ request, params }: Route.ActionArgs, { scope: owner }) => {
  const values = formValues(await request.formData(), ['languages']);
  // the languages section (issue 16): its own two small forms on this page
  if (values.intent === 'languages') {
    return runEditorAction(request, values, async (t) => {
      await updateContentSettings(owner, getStorage(), ContentSettingsInput.parse(values), typeof values.version === 'string' ? values.version : undefined);
      return { message: t('translation.languagesSaved') };
    });
  }
  if (isTranslationPanelIntent(values.intent)) return runTranslationPanelAction(owner, request, values, 'restaurant', owner.restaurantId);
  if (values.intent === 'translate-missing') {
    return runEditorAction(request, values, async (t) => {
      await startFillMissing(owner, getTranslationProvider());
      return { message: t('translation.translateMissingStarted') };
    });
  }
  return runEditorAction(request, values, async (t) => {
    const { slug } = await updateRestaurantSettings(owner, getStorage(), RestaurantSettingsInput.parse(values), formCounterVersion.parse(values.version));
    // the admin's own address follows the new slug
    if (slug !== params.restaurantSlug) throw redirect(`/${slug}/admin/settings?saved=1`);
    return { message: t('editor.settingsSaved') };
  });
});

export default function SettingsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const result = useActionData<typeof action>();
  useActionToast(result, 'idle');
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    if (search.get('saved') !== '1') return;
    toast({ message: t('editor.settingsSaved') });
    setSearch({}, { replace: true, preventScrollReset: true });
  }, [search, setSearch, toast, t]);
  const failed = result && !result.ok ? result : undefined;
  return (
    <>
      <SettingsForm
        values={failed?.values ? submittedSettingsValues(failed.values) : loaderData.values}
        logo={loaderData.logo}
        cover={loaderData.cover}
        errors={failed?.fieldErrors ?? {}}
        error={failed?.error}
        stale={failed?.code === 'stale-edit'}
        version={loaderData.version}
        timeZones={loaderData.timeZones}
        origin={loaderData.origin}
      />
      <div className="mt-8">
        <LanguagesForm
          languages={loaderData.content.languages}
          doNotTranslate={loaderData.content.doNotTranslate}
          version={loaderData.content.version}
          translationConfigured={loaderData.translationConfigured}
          progress={loaderData.progress}
        />
        <TranslationsPanel rows={loaderData.translations} translationConfigured={loaderData.translationConfigured} />
      </div>
    </>
  );
}

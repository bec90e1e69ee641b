import { useTranslation } from 'react-i18next';

/** A page whose content a later issue fills: its title and a short note, in both languages. */
export function PlaceholderPage({ titleKey, descriptionKey }: { titleKey: string; descriptionKey?: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t(titleKey)}</h1>
      {descriptionKey ? <p className="mt-4 text-lg text-stone-700 dark:text-stone-300">{t(descriptionKey)}</p> : null}
      <p className="mt-6 text-stone-600 dark:text-stone-400">{t('placeholder.comingSoon')}</p>
    </div>
  );
}

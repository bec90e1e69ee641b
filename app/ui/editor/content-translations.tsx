import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { FieldTranslationView } from '#app/modules/translation/translation.types.ts';
import { useCan } from './editor-permissions.tsx';
import { Icon } from './icons.tsx';
import { TranslationsPanel } from './translations-panel.tsx';

/**
 * A category's or location's translations in the menu editor (issue 16), an option group's or
 * option's on the options library's group page (decision 0034): folded, and loaded from
 * `/<slug>/admin/translations` only when the owner opens it, so the editor's list costs nothing
 * more per row. Its saves post there too; React Router reloads the panel after each one.
 */
export function ContentTranslations({ slug, table, id, name }: { slug: string; table: 'category' | 'location' | 'optionGroup' | 'optionItem'; id: string; name: string }) {
  const { t } = useTranslation();
  const panel = useFetcher<{ rows: FieldTranslationView[]; translationConfigured: boolean }>();
  const action = `/${slug}/admin/translations`;
  const canTranslate = useCan('menu.translate');
  if (!canTranslate) return null;
  return (
    <details
      className="pb-3"
      onToggle={(event) => {
        if (event.currentTarget.open && !panel.data && panel.state === 'idle') void panel.load(`${action}?table=${table}&id=${encodeURIComponent(id)}`);
      }}
    >
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-medium text-stone-700 dark:text-stone-300">
        <Icon name="pencil" className="size-4" />
        {t('translation.panelOpen')}
        <span className="sr-only">: {name}</span>
      </summary>
      {panel.data ? (
        <TranslationsPanel rows={panel.data.rows} translationConfigured={panel.data.translationConfigured} target={{ action, table, id }} className="mt-2" />
      ) : (
        <p role="status" className="py-2 text-sm text-stone-600 dark:text-stone-400">
          {t('translation.panelLoading')}
        </p>
      )}
    </details>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { compareCatalogues } from '#app/i18n/catalogue-diff.ts';
import { publicRoute } from '#app/modules/access/route-guards.server.ts';
import { pageMeta } from '#app/ui/page-meta.ts';
import type { Route } from './+types/translation-debug';

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, 'translationDebug.title', 'translationDebug.description'), { name: 'robots', content: 'noindex' }];

export const loader = publicRoute(() => {
  return { entries: compareCatalogues() };
});

/** docs/product-spec.md section 2: every key in ro and en side by side, gaps highlighted, a text filter, a count. */
export default function TranslationDebugPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { entries } = loaderData;
  const needle = query.trim().toLowerCase();
  const shown = needle ? entries.filter((e) => [e.key, e.ro ?? '', e.en ?? ''].some((text) => text.toLowerCase().includes(needle))) : entries;
  const missing = entries.filter((e) => e.status === 'missing-ro' || e.status === 'missing-en').length;
  const same = entries.filter((e) => e.status === 'same-as-ro').length;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('translationDebug.title')}</h1>
      <p className="mt-2" data-testid="translation-gaps">
        {t('translationDebug.gaps', { missing, same })}
      </p>
      <label className="mt-6 block max-w-md font-medium">
        {t('translationDebug.filter')}
        <input
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="mt-1 block min-h-11 w-full rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
        />
      </label>
      {/* focusable, so a keyboard can scroll it when long texts make it wider than the screen */}
      <div className="mt-6 overflow-x-auto" tabIndex={0} role="region" aria-label={t('translationDebug.title')}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-stone-300 dark:border-stone-700">
              <th scope="col" className="py-2 pr-4">
                {t('translationDebug.key')}
              </th>
              <th scope="col" className="py-2 pr-4" lang="ro">
                Română
              </th>
              <th scope="col" className="py-2" lang="en">
                English
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <tr
                key={entry.key}
                data-status={entry.status}
                className="border-b border-stone-200 align-top data-[status=missing-en]:bg-primary-50 data-[status=missing-ro]:bg-primary-50 data-[status=same-as-ro]:bg-amber-50 dark:border-stone-800 dark:data-[status=missing-en]:bg-stone-800 dark:data-[status=same-as-ro]:bg-stone-800"
              >
                <th scope="row" className="py-2 pr-4 font-mono font-normal break-all">
                  {entry.key}
                </th>
                <td className="py-2 pr-4" lang="ro">
                  {entry.ro ?? <strong>{t('translationDebug.missing')}</strong>}
                </td>
                <td className="py-2" lang="en">
                  {entry.en ?? <strong>{t('translationDebug.missing')}</strong>}
                  {entry.status === 'same-as-ro' ? <em className="ml-2">({t('translationDebug.same')})</em> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

import { useState } from 'react';
import type { Locale } from '#app/i18n/locales.ts';
import { localized } from '#app/i18n/localized.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import { TextField } from './fields.tsx';
import { ProductRow } from './product-row.tsx';
import { useEditorT } from './editor-t.tsx';
import { useRowActionHandlers, type RowOverrides } from './row-actions.tsx';

/** Letters without diacritics, lower case: 'Ciorbă' is found by typing 'ciorba'. */
function searchable(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * On a long menu, the quickest way to one dish: type part of its name (either language) and act
 * on it right in the results, whichever folded category it is in. The results are one form, as
 * a category's dishes are (row-actions.tsx).
 */
export function DishSearch({
  categories,
  products,
  slug,
  locale,
  canEdit,
  overrides,
  formAction,
}: {
  categories: EditorMenu['categories'];
  products: EditorMenu['products'];
  slug: string;
  locale: Locale;
  canEdit: boolean;
  overrides: RowOverrides;
  formAction: string;
}) {
  const t = useEditorT();
  const rowActions = useRowActionHandlers();
  const [query, setQuery] = useState('');
  const wanted = searchable(query.trim());
  const inLocation = new Set(categories.map((c) => c.id));
  const matches = wanted ? products.filter((p) => inLocation.has(p.categoryId) && searchable(`${p.nameRo} ${p.nameEn ?? ''}`).includes(wanted)).slice(0, 50) : [];
  const siblings = (categoryId: string) => products.filter((p) => p.categoryId === categoryId);
  return (
    <div role="search" data-editor-search className="rounded-[10px] border border-stone-200 bg-white p-3 dark:border-stone-800 dark:bg-stone-900">
      <TextField label={t('editor.searchDishes')} type="search" value={query} onChange={(e) => setQuery(e.currentTarget.value)} autoComplete="off" />
      {wanted ? (
        <>
          <p role="status" className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            {t('editor.searchResults', { count: matches.length })}
          </p>
          <form method="post" action={formAction} onSubmit={rowActions?.onSubmit} onClick={rowActions?.onClick}>
            <ul>
              {matches.map((product) => {
                const around = siblings(product.categoryId);
                return (
                  <li key={product.id}>
                    <ProductRow
                      product={product}
                      name={localized(product.nameRo, product.nameEn, locale)}
                      slug={slug}
                      locale={locale}
                      first={around[0]?.id === product.id}
                      last={around.at(-1)?.id === product.id}
                      available={overrides.get(product.id)?.available ?? product.available}
                      visible={overrides.get(product.id)?.visible ?? product.visible}
                      canEdit={canEdit}
                      t={t}
                      anchor={false}
                    />
                  </li>
                );
              })}
            </ul>
          </form>
        </>
      ) : null}
    </div>
  );
}

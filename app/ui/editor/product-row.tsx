import { Link, useFetcher } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice, localized } from '#app/i18n/localized.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import { DuplicateButton, SelectBox } from './bulk-actions.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { MoveButtons, optimisticFlag, VisibilityToggle } from './row-controls.tsx';
import { DragHandle } from './sortable-list.tsx';
import { useEditorT } from './editor-t.tsx';
import { useActionToast } from './use-action-toast.ts';
import { useCan } from './editor-permissions.tsx';
import type { ActionResult } from '#app/modules/errors/action-result.ts';

type EditorProduct = EditorMenu['products'][number];

/** One dish in the editor: drag, open, sold out / available, show / hide, move, delete (staff: sold out and show / hide only). */
export function ProductRow({
  product,
  slug,
  locale,
  first,
  last,
  anchor = true,
}: {
  product: EditorProduct;
  slug: string;
  locale: Locale;
  first: boolean;
  last: boolean;
  /** the row the product form returns to (#product-id); false for a second copy, e.g. in search results */
  anchor?: boolean;
}) {
  const t = useEditorT();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  const name = localized(product.nameRo, product.nameEn, locale);
  const visible = optimisticFlag(fetcher, 'set-product-visible', product.visible);
  const available = optimisticFlag(fetcher, 'set-product-available', product.available);
  const availabilityLabel = available ? t('editor.markSoldOut', { name }) : t('editor.markAvailable', { name });
  const canEdit = useCan('menu.edit');
  return (
    <div id={anchor ? `product-${product.id}` : undefined} data-product-id={product.id} className={`flex flex-wrap items-center gap-x-1 gap-y-1 border-t border-stone-200 py-2 dark:border-stone-800 ${visible ? '' : 'bg-stone-100 dark:bg-stone-800'}`}>
      <DragHandle />
      {canEdit ? <SelectBox id={product.id} name={name} /> : null}
      {product.thumbnailUrl ? (
        <img src={product.thumbnailUrl} alt="" width={44} height={44} loading="lazy" className="size-11 shrink-0 rounded-md object-cover" />
      ) : (
        <span aria-hidden="true" className="size-11 shrink-0 rounded-md bg-stone-100 dark:bg-stone-800" />
      )}
      <div className="min-w-0 flex-1 basis-40 px-2">
        {canEdit ? (
          <Link to={`/${slug}/admin/products/${product.id}`} className="font-medium underline-offset-2 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-medium">{name}</span>
        )}
        <div className="flex flex-wrap gap-x-3 text-sm text-stone-600 dark:text-stone-400">
          <span className="whitespace-nowrap">{formatPrice(product.priceMinor, product.currency, locale)}</span>
          {visible ? null : <span className="font-medium text-primary-800 dark:text-primary-100">{t('editor.hidden')}</span>}
        </div>
      </div>
      <div className="flex items-center">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="set-product-available" />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="value" value={String(!available)} />
          <button
            type="submit"
            aria-label={availabilityLabel}
            title={availabilityLabel}
            className={`inline-flex min-h-11 items-center rounded-full px-3 text-sm font-semibold ${
              available ? 'bg-olive-100 text-olive-800 dark:bg-olive-900 dark:text-olive-100' : 'bg-primary-100 text-primary-800 dark:bg-primary-900 dark:text-primary-100'
            }`}
          >
            {available ? t('editor.available') : t('editor.soldOut')}
          </button>
        </fetcher.Form>
        <VisibilityToggle fetcher={fetcher} intent="set-product-visible" id={product.id} name={name} visible={visible} />
        {canEdit ? (
          <>
            <MoveButtons fetcher={fetcher} intent="move-product" id={product.id} name={name} first={first} last={last} />
            <DuplicateButton fetcher={fetcher} intent="duplicate-product" id={product.id} label={t('editor.duplicateProduct', { name })} />
            <ConfirmDelete intent="delete-product" id={product.id} label={t('editor.deleteProduct')} question={t('editor.confirmDeleteProduct', { name })} />
          </>
        ) : null}
      </div>
    </div>
  );
}

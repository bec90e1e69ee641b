import { memo } from 'react';
import { Link } from 'react-router';
import type { Locale } from '#app/i18n/locales.ts';
import { formatPrice } from '#app/i18n/localized.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import { rowIntent } from '#app/modules/editor/menu-intents.ts';
import { returnsLabel } from '#app/modules/editor/returns-at.ts';
import { SelectBox } from './bulk-actions.tsx';
import { CopyAndDeleteButtons, MoveRowButtons, VisibilityButton } from './row-controls.tsx';
import { DragHandle } from './sortable-list.tsx';
import type { useEditorT } from './editor-t.tsx';

type EditorProduct = EditorMenu['products'][number];

/**
 * One dish in the editor: drag, open, sold out / available, show / hide, move, copy, delete (staff:
 * sold out and show / hide only). Plain markup with no hooks of its own (issue 26): its buttons
 * belong to the list's one form and are posted by the list's owner (row-actions.tsx), so a change
 * to one dish re-draws that row only. `available` and `visible` are the flags as shown (the owner's
 * click, before the server's answer).
 */
export const ProductRow = memo(ProductRowView, sameRow);

/** What a row draws of its dish: a new copy of it (the page's data read again after any save) with these unchanged draws nothing new. */
const DRAWN = ['id', 'thumbnailUrl', 'priceMinor', 'currency', 'returnsOn', 'returnsTime'] as const satisfies readonly (keyof EditorProduct)[];
type RowProps = Parameters<typeof ProductRowView>[0];

/**
 * The same row as before: every prop the same, the dish compared by what the row draws of it. The
 * page's data read again after a one-click save brings every dish as a new object; without this
 * each of hundreds of rows re-drew (most of the phone's time after such a save, bench:admin's
 * BENCH_PROFILE=saves). A field the row starts drawing goes into DRAWN.
 */
function sameRow(before: RowProps, after: RowProps): boolean {
  for (const key of Object.keys(after) as (keyof RowProps)[]) if (key !== 'product' && before[key] !== after[key]) return false;
  return Object.keys(before).length === Object.keys(after).length && DRAWN.every((field) => before.product[field] === after.product[field]);
}

function ProductRowView({
  product,
  name,
  slug,
  locale,
  first,
  last,
  available,
  visible,
  canEdit,
  t,
  anchor = true,
}: {
  product: EditorProduct;
  name: string;
  slug: string;
  locale: Locale;
  first: boolean;
  last: boolean;
  available: boolean;
  visible: boolean;
  /** the whole editor (owner, manager), not only sold out and show / hide (staff) */
  canEdit: boolean;
  t: ReturnType<typeof useEditorT>;
  /** the row the product form returns to (#product-id); false for a second copy, e.g. in search results */
  anchor?: boolean;
}) {
  const id = product.id;
  const availabilityLabel = available ? t('editor.markSoldOut', { name }) : t('editor.markAvailable', { name });
  const untilOpeningLabel = t('editor.markSoldOutUntilOpening', { name });
  // sold out "until we open again" (issue 35 item 8): when it comes back; gone as soon as it is marked otherwise
  const returns = !available && product.returnsOn && product.returnsTime ? returnsLabel(t, { returnsOn: product.returnsOn, returnsTime: product.returnsTime }) : '';
  return (
    <div
      id={anchor ? `product-${id}` : undefined}
      data-product-id={id}
      data-name={name}
      data-visible={visible}
      data-available={available}
      className="group/row flex flex-wrap items-center gap-x-1 gap-y-1 border-t border-stone-200 py-2 data-[visible=false]:bg-stone-100 dark:border-stone-800 dark:data-[visible=false]:bg-stone-800"
    >
      <DragHandle />
      {canEdit ? <SelectBox id={id} name={name} /> : null}
      {product.thumbnailUrl ? (
        <img src={product.thumbnailUrl} alt="" width={44} height={44} loading="lazy" className="size-11 shrink-0 rounded-md object-cover" />
      ) : (
        <span aria-hidden="true" className="size-11 shrink-0 rounded-md bg-stone-100 dark:bg-stone-800" />
      )}
      <div className="min-w-0 flex-1 basis-40 px-2">
        {canEdit ? (
          <Link to={`/${slug}/admin/products/${id}`} className="font-medium underline-offset-2 hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-medium">{name}</span>
        )}
        <div className="flex flex-wrap gap-x-3 text-sm text-stone-600 dark:text-stone-400">
          <span className="whitespace-nowrap">{formatPrice(product.priceMinor, product.currency, locale)}</span>
          {/* always there, empty while shown: the page's script (editor-enhance.js) fills it before React */}
          <span data-hidden-badge className="font-medium text-primary-800 dark:text-primary-100" suppressHydrationWarning>
            {visible ? '' : t('editor.hidden')}
          </span>
          {/* always there, empty unless sold out until the opening: the page's script fills it with the server's answer before React */}
          <span data-returns-badge className="font-medium text-primary-800 dark:text-primary-100" suppressHydrationWarning>
            {returns}
          </span>
        </div>
      </div>
      {/* wraps on a phone: an owner's row has seven buttons while "until we open" is offered */}
      <div className="flex flex-wrap items-center">
        <button
          type="submit"
          name="intent"
          value={rowIntent('set-product-available', id, String(!available))}
          aria-label={availabilityLabel}
          title={availabilityLabel}
          data-available={available}
          className="inline-flex min-h-11 items-center rounded-full bg-olive-100 px-3 text-sm font-semibold text-olive-800 data-[available=false]:bg-primary-100 data-[available=false]:text-primary-800 dark:bg-olive-900 dark:text-olive-100 dark:data-[available=false]:bg-primary-900 dark:data-[available=false]:text-primary-100"
          suppressHydrationWarning
        >
          {available ? t('editor.available') : t('editor.soldOut')}
        </button>
        {/* while available: sold out until the restaurant's next opening, back by itself then */}
        <button
          type="submit"
          name="intent"
          value={rowIntent('sold-out-until-opening', id)}
          aria-label={untilOpeningLabel}
          title={untilOpeningLabel}
          className="ml-1 inline-flex min-h-11 items-center rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-700 group-data-[available=false]/row:hidden dark:border-stone-600 dark:text-stone-200"
        >
          {t('editor.soldOutUntilOpening')}
        </button>
        <VisibilityButton intent="set-product-visible" id={id} name={name} visible={visible} t={t} />
        {canEdit ? (
          <>
            <MoveRowButtons intent="move-product" id={id} name={name} first={first} last={last} t={t} />
            <CopyAndDeleteButtons of="product" id={id} copyLabel={t('editor.duplicateProduct', { name })} deleteLabel={t('editor.deleteProduct')} />
          </>
        ) : null}
      </div>
    </div>
  );
}

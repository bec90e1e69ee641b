import { memo, useMemo, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import type { Locale } from '#app/i18n/locales.ts';
import { localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import { ContentTranslations } from './content-translations.tsx';
import { CheckboxField, EditInPlace, primaryButton, ReloadLatest, secondaryButton, SelectField, TextArea, TextField } from './fields.tsx';
import { ImageField } from './image-field.tsx';
import { ProductRow } from './product-row.tsx';
import { CopyAndDeleteButtons, MoveRowButtons, VisibilityButton } from './row-controls.tsx';
import { DragHandle, SortableList } from './sortable-list.tsx';
import { useActionToast } from './use-action-toast.ts';
import { useCan } from './editor-permissions.tsx';
import { useEditorT } from './editor-t.tsx';
import { NO_OVERRIDES, useRowActionHandlers, type RowOverrides } from './row-actions.tsx';
import { Icon } from './icons.tsx';
import { CategoryScheduleFields } from './category-schedule-fields.tsx';

type EditorCategory = EditorMenu['categories'][number];

/**
 * A category with its dishes: reorder, hide, edit in place, delete with its products (staff: hide
 * only). Its dishes are one form whose buttons the editor's row owner posts (row-actions.tsx); the
 * card re-draws only when its own data or one of its dishes' flags in flight changes.
 */
export const CategoryCard = memo(function CategoryCard({
  category,
  products,
  locations,
  slug,
  locale,
  first,
  last,
  defaultOpen,
  overrides = NO_OVERRIDES,
  formAction,
}: {
  category: EditorCategory;
  products: EditorMenu['products'];
  locations: EditorMenu['locations'];
  slug: string;
  locale: Locale;
  first: boolean;
  last: boolean;
  /** a long menu starts folded, so the page stays quick with hundreds of dishes */
  defaultOpen: boolean;
  /** its own and its dishes' flags as just clicked, before the server's answer */
  overrides?: RowOverrides;
  /** where the dishes' form posts without JavaScript (the editor's own address, as an index route) */
  formAction: string;
}) {
  const t = useEditorT();
  const rowActions = useRowActionHandlers();
  const [open, setOpen] = useState(defaultOpen);
  const name = localized(category.nameRo, category.nameEn, locale);
  const visible = overrides.get(category.id)?.visible ?? category.visible;
  const canEdit = useCan('menu.edit');
  const headingId = `category-${category.id}-title`;
  const listId = `category-${category.id}-products`;
  const items = useMemo(() => products.map((p) => ({ ...p, name: localized(p.nameRo, p.nameEn, locale) })), [products, locale]);
  return (
    <section aria-labelledby={headingId} className="rounded-[10px] border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="flex flex-wrap items-center gap-1 p-2">
        <DragHandle />
        <div className="min-w-0 flex-1 basis-40 px-1">
          <h3 id={headingId} className="text-lg font-semibold">
            {name}
          </h3>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={listId}
              aria-label={t(open ? 'editor.foldProducts' : 'editor.unfoldProducts', { name, products: t('editor.productCount', { count: products.length }) })}
              onClick={() => setOpen(!open)}
              className="-ml-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 hover:bg-stone-100 dark:hover:bg-stone-800"
            >
              <Icon name="chevron-down" className={`size-4 transition-transform motion-reduce:transition-none ${open ? '' : '-rotate-90'}`} />
              {t('editor.productCount', { count: products.length })}
            </button>
            <span data-hidden-badge className="ml-2 font-medium text-primary-800 dark:text-primary-100" suppressHydrationWarning>
              {visible ? '' : t('editor.hidden')}
            </span>
          </p>
        </div>
        {/* the header's one-click buttons: one form, posted by the editor's row owner as the dishes' are */}
        <form method="post" action={formAction} onSubmit={rowActions?.onSubmit} onClick={rowActions?.onClick} data-before-react className="flex items-center">
          <VisibilityButton intent="set-category-visible" id={category.id} name={name} visible={visible} t={t} />
          {canEdit ? (
            <>
              <MoveRowButtons intent="move-category" id={category.id} name={name} first={first} last={last} t={t} />
              <CopyAndDeleteButtons of="category" id={category.id} copyLabel={t('editor.duplicateCategory', { name })} deleteLabel={t('editor.deleteCategory')} />
            </>
          ) : null}
        </form>
      </div>

      {canEdit ? (
        <EditInPlace label={t('editor.editCategory')} name={name} className="border-t border-stone-200 px-3 dark:border-stone-800">
          <CategoryForm category={category} name={name} locations={locations} slug={slug} locale={locale} />
        </EditInPlace>
      ) : null}

      <div id={listId} className="px-2 pb-2">
        {open && products.length === 0 ? <p className="px-2 py-3 text-stone-600 dark:text-stone-400">{t('editor.noProducts')}</p> : null}
        {open ? (
          <form method="post" action={formAction} onSubmit={rowActions?.onSubmit} onClick={rowActions?.onClick} data-before-react>
            <SortableList id={`products-${category.id}`} items={items} save={{ intent: 'reorder-products', parentId: category.id }}>
              {(product, index) => (
                <ProductRow
                  product={product}
                  name={product.name}
                  slug={slug}
                  locale={locale}
                  first={index === 0}
                  last={index === items.length - 1}
                  available={overrides.get(product.id)?.available ?? product.available}
                  visible={overrides.get(product.id)?.visible ?? product.visible}
                  canEdit={canEdit}
                  t={t}
                />
              )}
            </SortableList>
          </form>
        ) : null}
        {canEdit ? (
          <Link to={`/${slug}/admin/products/new?category=${category.id}`} aria-label={`${t('editor.addProduct')}: ${name}`} className={`${secondaryButton} mt-2`}>
            <Icon name="plus" />
            {t('editor.addProduct')}
          </Link>
        ) : null}
      </div>
    </section>
  );
});

/**
 * A category's fields, edited in place: drawn when its "edit" is first opened, with the save's own
 * fetcher, so the card (and every card of a long menu) does not re-draw at each state change of
 * the router while a save elsewhere is in flight.
 */
function CategoryForm({ category, name, locations, slug, locale }: { category: EditorCategory; name: string; locations: EditorMenu['locations']; slug: string; locale: Locale }) {
  const t = useEditorT();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  // a stale save (someone saved first): the toast says why, the form stays open with a reload link
  const stale = fetcher.data?.ok === false && fetcher.data.code === 'stale-edit';
  return (
    <>
      <fetcher.Form method="post" className="grid gap-4 pb-4 md:grid-cols-2">
        <input type="hidden" name="id" value={category.id} />
        {/* the version this form was loaded at: a save from a stale tab is refused, not silently applied */}
        <input type="hidden" name="version" value={category.updatedAt} />
        <TextField label={t('editor.nameRo')} name="nameRo" defaultValue={category.nameRo} required maxLength={80} error={errors.nameRo} />
        <TextField label={t('editor.nameEn')} name="nameEn" defaultValue={category.nameEn ?? ''} maxLength={80} hint={t('editor.englishOptional')} error={errors.nameEn} />
        <TextArea label={t('editor.descriptionRo')} name="descriptionRo" defaultValue={category.descriptionRo ?? ''} maxLength={500} error={errors.descriptionRo} />
        <TextArea label={t('editor.descriptionEn')} name="descriptionEn" defaultValue={category.descriptionEn ?? ''} maxLength={500} error={errors.descriptionEn} />
        <SelectField label={t('editor.location')} name="locationId" defaultValue={category.locationId} error={errors.locationId}>
          {locations.map((location) => (
            <option key={location.id} value={location.id}>
              {localized(location.nameRo, location.nameEn, locale)}
            </option>
          ))}
        </SelectField>
        <ImageField slug={slug} kind="category" name="imageId" label={t('editor.image')} image={category.image} />
        <CheckboxField label={t('editor.visibleCheckbox')} name="visible" defaultChecked={category.visible} />
        <CategoryScheduleFields schedule={category.schedule} errors={errors} />
        <div className="flex flex-wrap items-end gap-x-4 md:col-span-2">
          <button type="submit" name="intent" value="update-category" className={primaryButton}>
            {t('editor.save')}
          </button>
          {stale ? <ReloadLatest /> : null}
        </div>
      </fetcher.Form>
      <ContentTranslations slug={slug} table="category" id={category.id} name={name} />
    </>
  );
}

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useFetcher, useFormAction } from 'react-router';
import type { Locale } from '#app/i18n/locales.ts';
import { localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import type { Permission } from '#app/modules/access/policy.ts';
import { BulkBar, SelectionProvider, ShortcutsHelp } from './bulk-actions.tsx';
import { CategoryCard } from './category-card.tsx';
import { ConfirmDelete, useDeletionToast } from './confirm-delete.tsx';
import { ContentTranslations } from './content-translations.tsx';
import { EditInPlace, primaryButton, ReloadLatest, TextField } from './fields.tsx';
import { editorScriptTexts } from './editor-script-texts.ts';
import { DishSearch } from './dish-search.tsx';
import { NO_OVERRIDES, RowActionsProvider, type RowFlags, type RowOverrides } from './row-actions.tsx';
import { MoveButtons, optimisticFlag, VisibilityToggle } from './row-controls.tsx';
import { DragHandle, SortableList } from './sortable-list.tsx';
import { EditorTranslations } from './editor-t.tsx';
import { EditorPermissions, useCan } from './editor-permissions.tsx';
import { useActionToast } from './use-action-toast.ts';
import { Icon } from './icons.tsx';

/** A one-line form that adds a location or a category and empties itself after a save. */
function QuickAdd({ intent, label, fieldLabel, parentId }: { intent: string; label: string; fieldLabel: string; parentId?: string }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  const form = useRef<HTMLFormElement>(null);
  // empty the field once per successful save, never while the owner is typing the next name
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors.nameRo ?? fetcher.data.error) : undefined;
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-end gap-3" ref={form}>
      <input type="hidden" name="intent" value={intent} />
      {parentId ? <input type="hidden" name="locationId" value={parentId} /> : null}
      {parentId ? <input type="hidden" name="visible" value="on" /> : null}
      <TextField label={fieldLabel} name="nameRo" required maxLength={80} error={error} className="min-w-0 flex-1 basis-56" />
      <button type="submit" className={primaryButton} disabled={fetcher.state !== 'idle'}>
        <Icon name="plus" />
        {label}
      </button>
    </fetcher.Form>
  );
}

function LocationRow({
  location,
  locale,
  first,
  last,
  selected,
  slug,
}: {
  location: EditorMenu['locations'][number];
  locale: Locale;
  first: boolean;
  last: boolean;
  selected: boolean;
  slug: string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  const name = localized(location.nameRo, location.nameEn, locale);
  const visible = optimisticFlag(fetcher, 'set-location-visible', location.visible);
  const errors = fetcher.data && !fetcher.data.ok ? fetcher.data.fieldErrors : {};
  // a stale save (someone saved first): the toast says why, the form stays open with a reload link
  const stale = fetcher.data?.ok === false && fetcher.data.code === 'stale-edit';
  const canEdit = useCan('menu.edit');
  return (
    <div className={`rounded-[10px] border p-1 ${selected ? 'border-primary-600 bg-primary-50 dark:bg-stone-900' : 'border-stone-200 dark:border-stone-800'}`}>
      <div className="flex flex-wrap items-center gap-1">
        <DragHandle />
        <Link
          to={`/${slug}/admin?location=${location.id}`}
          aria-current={selected ? 'true' : undefined}
          className="flex min-h-11 min-w-0 flex-1 basis-40 items-center gap-2 px-2 font-semibold underline-offset-2 hover:underline"
        >
          <Icon name="map-pin" className="size-4 shrink-0" />
          <span>
            {name}
            {visible ? null : <span className="block text-sm font-medium text-primary-800 dark:text-primary-100">{t('editor.hidden')}</span>}
          </span>
        </Link>
        {/* beside a long name in the narrow column the buttons wrap to a line of their own, never the name */}
        {canEdit ? (
          <div className="ml-auto flex">
            <VisibilityToggle fetcher={fetcher} intent="set-location-visible" id={location.id} name={name} visible={visible} />
            <MoveButtons fetcher={fetcher} intent="move-location" id={location.id} name={name} first={first} last={last} />
            <ConfirmDelete intent="delete-location" id={location.id} label={t('editor.deleteLocation')} question={t('editor.confirmDeleteLocation', { name })} />
          </div>
        ) : null}
      </div>
      {canEdit ? (
        <EditInPlace label={t('editor.editLocation')} name={name} open={stale || Object.keys(errors).length > 0} className="px-2">
          <fetcher.Form method="post" className="grid gap-3 pb-3">
            <input type="hidden" name="id" value={location.id} />
            <input type="hidden" name="version" value={location.updatedAt} />
            <TextField label={t('editor.nameRo')} name="nameRo" defaultValue={location.nameRo} required maxLength={80} error={errors.nameRo} />
            <TextField label={t('editor.nameEn')} name="nameEn" defaultValue={location.nameEn ?? ''} maxLength={80} hint={t('editor.englishOptional')} error={errors.nameEn} />
            <TextField label={t('editor.address')} name="address" defaultValue={location.address ?? ''} maxLength={200} error={errors.address} />
            <div className="flex flex-wrap items-end gap-x-4">
              <button type="submit" name="intent" value="update-location" className={primaryButton}>
                {t('editor.save')}
              </button>
              {stale ? <ReloadLatest /> : null}
            </div>
          </fetcher.Form>
          <ContentTranslations slug={slug} table="location" id={location.id} name={name} />
        </EditInPlace>
      ) : null}
    </div>
  );
}

const NO_PRODUCTS: EditorMenu['products'] = [];
const LOCATIONS_ORDER = { intent: 'reorder-locations' } as const;

/** The flags in flight of one category and its dishes; the same empty map for a category with none, so its card is not re-drawn. */
function overridesIn(overrides: RowOverrides, categoryOf: ReadonlyMap<string, string>, categoryId: string): RowOverrides {
  if (overrides.size === 0) return NO_OVERRIDES;
  const own = [...overrides].filter(([id]) => id === categoryId || categoryOf.get(id) === categoryId);
  return own.length === 0 ? NO_OVERRIDES : new Map<string, RowFlags>(own);
}

/** Up to this many dishes every category starts open; beyond it they start folded. */
const OPEN_ALL_UP_TO = 80;

/**
 * The owner's menu: locations (chosen one highlighted), its categories and their dishes, all
 * editable in place; every change is saved at once and confirmed by a toast.
 */
export function MenuEditor({
  menu,
  selectedLocationId,
  openCategoryId,
  savedMessage,
  slug,
  locale,
  permissions,
}: {
  menu: EditorMenu;
  selectedLocationId: string | undefined;
  openCategoryId?: string;
  /** "saved" for the dish the owner is back from, for the page's own script to show before React */
  savedMessage?: string;
  slug: string;
  locale: Locale;
  /** what the member's role allows (decision 0029): staff get the sold-out and show/hide buttons only */
  permissions: Readonly<Record<Permission, boolean>>;
}) {
  const { t } = useTranslation();
  const canEdit = permissions['menu.edit'];
  const categoriesOrder = useMemo(() => ({ intent: 'reorder-categories' as const, parentId: selectedLocationId }), [selectedLocationId]);
  useDeletionToast();
  const formAction = useFormAction();
  // the lists' items, the same objects while the page's data is: a category card is memoised and
  // re-draws only when its own data changes, not at each state change of a save in flight
  const locationItems = useMemo(() => menu.locations.map((l) => ({ ...l, name: localized(l.nameRo, l.nameEn, locale) })), [menu.locations, locale]);
  const categories = useMemo(
    () => menu.categories.filter((category) => category.locationId === selectedLocationId).map((c) => ({ ...c, name: localized(c.nameRo, c.nameEn, locale) })),
    [menu.categories, selectedLocationId, locale],
  );
  // each category's dishes, the same arrays while the page's data is (a card re-draws only when its own change)
  const productsByCategory = useMemo(() => {
    const grouped = new Map<string, EditorMenu['products']>();
    for (const product of menu.products) grouped.set(product.categoryId, [...(grouped.get(product.categoryId) ?? []), product]);
    return grouped;
  }, [menu.products]);
  const categoryOf = useMemo(() => new Map(menu.products.map((product) => [product.id, product.categoryId])), [menu.products]);
  const describe = useCallback(
    (operation: string) => {
      const [intent, id] = operation.split(':');
      const product = intent === 'delete-product' ? menu.products.find((p) => p.id === id) : undefined;
      if (product) return { label: t('editor.deleteProduct'), question: t('editor.confirmDeleteProduct', { name: localized(product.nameRo, product.nameEn, locale) }) };
      const category = intent === 'delete-category' ? menu.categories.find((c) => c.id === id) : undefined;
      if (category) return { label: t('editor.deleteCategory'), question: t('editor.confirmDeleteCategory', { name: localized(category.nameRo, category.nameEn, locale) }) };
      return undefined;
    },
    [menu.products, menu.categories, t, locale],
  );
  // with many dishes, only the first categories start open (and the one the owner just edited in)
  const foldFrom = menu.products.length > OPEN_ALL_UP_TO ? 1 : undefined;
  // what the page's own script says before React runs (decision 0033)
  const scriptTexts = useMemo(() => JSON.stringify(editorScriptTexts(t)), [t]);
  return (
    <EditorPermissions permissions={permissions}>
      <EditorTranslations>
        <SelectionProvider>
          <RowActionsProvider describe={describe}>
            {(overrides) => (
              <div className="grid gap-8 lg:grid-cols-[18rem_1fr]" data-menu-editor={scriptTexts} data-saved-message={savedMessage}>
                <section aria-labelledby="locations-title" className="space-y-3">
                  <h2 id="locations-title" className="text-xl font-semibold">
                    {t('editor.locations')}
                  </h2>
                  {menu.locations.length === 0 ? <p className="text-stone-700 dark:text-stone-300">{t('editor.noLocations')}</p> : null}
                  <SortableList id="locations" className="space-y-2" items={locationItems} save={LOCATIONS_ORDER}>
                    {(location, index) => (
                      <LocationRow
                        location={location}
                        locale={locale}
                        slug={slug}
                        selected={location.id === selectedLocationId}
                        first={index === 0}
                        last={index === menu.locations.length - 1}
                      />
                    )}
                  </SortableList>
                  {canEdit ? <QuickAdd intent="create-location" label={t('editor.addLocation')} fieldLabel={t('editor.newLocationName')} /> : null}
                </section>

                {selectedLocationId ? (
                  <section aria-labelledby="categories-title" className="min-w-0 space-y-4">
                    <h2 id="categories-title" className="text-xl font-semibold">
                      {localized(menu.locations.find((l) => l.id === selectedLocationId)?.nameRo ?? '', menu.locations.find((l) => l.id === selectedLocationId)?.nameEn, locale)}
                    </h2>
                    {categories.length === 0 ? <p className="text-stone-700 dark:text-stone-300">{t('editor.noCategories')}</p> : null}
                    {menu.products.length > OPEN_ALL_UP_TO ? (
                      <DishSearch categories={categories} products={menu.products} slug={slug} locale={locale} canEdit={canEdit} overrides={overrides} formAction={formAction} />
                    ) : null}
                    <SortableList id={`categories-${selectedLocationId}`} className="space-y-4" items={categories} save={categoriesOrder}>
                      {(category, index) => (
                        <CategoryCard
                          category={category}
                          products={productsByCategory.get(category.id) ?? NO_PRODUCTS}
                          locations={menu.locations}
                          slug={slug}
                          locale={locale}
                          first={index === 0}
                          last={index === categories.length - 1}
                          defaultOpen={foldFrom === undefined || index < foldFrom || category.id === openCategoryId}
                          overrides={overridesIn(overrides, categoryOf, category.id)}
                          formAction={formAction}
                        />
                      )}
                    </SortableList>
                    {canEdit ? (
                      <>
                        <QuickAdd intent="create-category" label={t('editor.addCategory')} fieldLabel={t('editor.newCategoryName')} parentId={selectedLocationId} />
                        <BulkBar menu={menu} locale={locale} />
                        <ShortcutsHelp withSearch={menu.products.length > OPEN_ALL_UP_TO} />
                      </>
                    ) : null}
                  </section>
                ) : null}
              </div>
            )}
          </RowActionsProvider>
        </SelectionProvider>
      </EditorTranslations>
    </EditorPermissions>
  );
}

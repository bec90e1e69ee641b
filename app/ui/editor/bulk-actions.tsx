import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFetcher } from 'react-router';
import type { Locale } from '#app/i18n/i18n.ts';
import { formatPrice, localized } from '#app/i18n/localized.ts';
import type { ActionResult } from '#app/modules/errors/action-result.ts';
import type { EditorMenu } from '#app/modules/editor/menu-editor.types.ts';
import { applyPriceChange, parseChangeValue } from '#app/modules/product/bulk-change.ts';
import { primaryButton, secondaryButton } from './fields.tsx';
import { useEditorT } from './editor-t.tsx';
import { useActionToast } from './use-action-toast.ts';

/**
 * The ticked dishes, in a small store rather than in React state at the top: a tick re-renders only
 * its own box and the bulk bar, not every row's box (issue 26; 483 boxes on a long menu).
 */
class SelectionStore {
  private selected: ReadonlySet<string> = new Set();
  private readonly listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  snapshot = (): ReadonlySet<string> => this.selected;
  private set(next: ReadonlySet<string>) {
    this.selected = next;
    for (const listener of this.listeners) listener();
  }
  toggle = (id: string) => {
    const next = new Set(this.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    this.set(next);
  };
  clear = () => {
    if (this.selected.size > 0) this.set(new Set());
  };
}

const EMPTY: ReadonlySet<string> = new Set();
const SelectionContext = createContext<SelectionStore | null>(null);

/**
 * The dishes the owner ticked for a bulk action (issue 17, faster editing), and the editor's
 * keyboard shortcuts: "/" goes to the search field, "x" on a dish's row ticks or unticks it,
 * Escape clears the selection. Shortcuts never fire while typing in a field.
 */
export function SelectionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new SelectionStore());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      // typing in a field; a tick box or a button is not typing
      const typing = target?.closest('textarea, select, [contenteditable="true"], input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"])');
      if (event.key === 'Escape' && !typing && store.snapshot().size > 0) {
        store.clear();
        return;
      }
      if (typing) return;
      if (event.key === '/') {
        const search = document.querySelector<HTMLInputElement>('[data-editor-search] input');
        if (search) {
          event.preventDefault();
          search.focus();
        }
      } else if (event.key === 'x') {
        const row = target?.closest<HTMLElement>('[data-product-id]');
        if (row?.dataset.productId) {
          event.preventDefault();
          store.toggle(row.dataset.productId);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
  return <SelectionContext.Provider value={store}>{children}</SelectionContext.Provider>;
}

const noStore = { subscribe: () => () => {}, snapshot: () => EMPTY };

/** The whole selection (the bulk bar), with what changes it. */
export function useSelection(): { selected: ReadonlySet<string>; toggle: (id: string) => void; clear: () => void } {
  const store = useContext(SelectionContext);
  const selected = useSyncExternalStore((store ?? noStore).subscribe, (store ?? noStore).snapshot, () => EMPTY);
  return { selected, toggle: store?.toggle ?? (() => {}), clear: store?.clear ?? (() => {}) };
}

/** Whether one dish is ticked: its box re-renders only when that answer changes. */
function useTicked(id: string): [boolean, (id: string) => void] {
  const store = useContext(SelectionContext);
  const ticked = useSyncExternalStore(
    (store ?? noStore).subscribe,
    () => (store ?? noStore).snapshot().has(id),
    () => false,
  );
  return [ticked, store?.toggle ?? (() => {})];
}

/** The tick box on a dish's row. */
export function SelectBox({ id, name }: { id: string; name: string }) {
  const t = useEditorT();
  const [ticked, toggle] = useTicked(id);
  return (
    <label className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
      <input type="checkbox" className="size-5 accent-primary-600" checked={ticked} onChange={() => toggle(id)} aria-label={t('editor.select', { name })} />
    </label>
  );
}

type BulkAction = 'sold-out' | 'available' | 'hide' | 'show' | 'move' | 'price';

/** The bar that acts on the ticked dishes, with a preview of new prices before anything is saved. */
export function BulkBar({ menu, locale }: { menu: EditorMenu; locale: Locale }) {
  const { t } = useTranslation();
  const { selected, clear } = useSelection();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, fetcher.state);
  const [action, setAction] = useState<BulkAction>('sold-out');
  const [kind, setKind] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  // a successful answer clears the selection, once per answer
  const handled = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    clear();
  }, [fetcher.data, fetcher.state, clear]);
  const chosen = menu.products.filter((product) => selected.has(product.id));
  if (chosen.length === 0) return null;
  const change = parseChangeValue(value);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  const fieldErrors = fetcher.data && !fetcher.data.ok ? Object.values(fetcher.data.fieldErrors) : [];
  return (
    <section aria-labelledby="bulk-title" className="sticky bottom-2 z-30 rounded-[10px] border border-primary-600 bg-white p-3 shadow-lg dark:bg-stone-900" data-testid="bulk-bar">
      <h3 id="bulk-title" className="font-semibold">
        {t('editor.bulkTitle', { count: chosen.length })}
      </h3>
      <fetcher.Form method="post" className="mt-2 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="bulk-products" />
        {chosen.map((product) => (
          <input key={product.id} type="hidden" name="ids" value={product.id} />
        ))}
        <label className="block font-medium">
          {t('editor.bulkAction')}
          <select
            name="action"
            value={action}
            onChange={(event) => setAction(event.currentTarget.value as BulkAction)}
            className="mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-2 dark:border-stone-600 dark:bg-stone-900"
          >
            <option value="sold-out">{t('editor.bulkSoldOut')}</option>
            <option value="available">{t('editor.bulkAvailable')}</option>
            <option value="hide">{t('editor.bulkHide')}</option>
            <option value="show">{t('editor.bulkShow')}</option>
            <option value="move">{t('editor.bulkMove')}</option>
            <option value="price">{t('editor.bulkPrice')}</option>
          </select>
        </label>
        {action === 'move' ? (
          <label className="block font-medium">
            {t('editor.category')}
            <select name="categoryId" required className="mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-2 dark:border-stone-600 dark:bg-stone-900">
              {menu.locations.map((location) => (
                <optgroup key={location.id} label={localized(location.nameRo, location.nameEn, locale)}>
                  {menu.categoryChoices
                    .filter((category) => category.locationId === location.id)
                    .map((category) => (
                      <option key={category.id} value={category.id}>
                        {localized(category.nameRo, category.nameEn, locale)}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </label>
        ) : null}
        {action === 'price' ? (
          <>
            <label className="block font-medium">
              {t('editor.bulkPrice')}
              <select
                name="kind"
                value={kind}
                onChange={(event) => setKind(event.currentTarget.value as 'percent' | 'amount')}
                className="mt-1 block min-h-11 rounded-lg border border-stone-400 bg-white px-2 dark:border-stone-600 dark:bg-stone-900"
              >
                <option value="percent">{t('editor.bulkPercent')}</option>
                <option value="amount">{t('editor.bulkAmount')}</option>
              </select>
            </label>
            <label className="block font-medium">
              {t('editor.bulkChangeValue')}
              <input
                name="value"
                value={value}
                onChange={(event) => setValue(event.currentTarget.value)}
                inputMode="decimal"
                required
                className="mt-1 block min-h-11 w-32 rounded-lg border border-stone-400 bg-white px-3 dark:border-stone-600 dark:bg-stone-900"
              />
            </label>
          </>
        ) : null}
        <button type="submit" className={primaryButton} disabled={fetcher.state !== 'idle'}>
          {t('editor.bulkApply')}
        </button>
        <button type="button" className={secondaryButton} onClick={clear}>
          {t('editor.bulkClear')}
        </button>
      </fetcher.Form>
      {error ? (
        <p role="alert" className="mt-2 font-medium text-primary-800 dark:text-primary-100">
          {[error, ...fieldErrors].join(' ')}
        </p>
      ) : null}
      {action === 'price' && change !== null && change !== 0 ? (
        <div className="mt-3">
          <h4 className="text-sm font-semibold">{t('editor.bulkPreview')}</h4>
          <ul className="mt-1 max-h-48 overflow-y-auto text-sm" data-testid="bulk-preview">
            {chosen.map((product) => {
              const next = applyPriceChange(product.priceMinor, { kind, value: change });
              return (
                <li key={product.id} className="flex flex-wrap justify-between gap-x-3 py-0.5">
                  <span>{localized(product.nameRo, product.nameEn, locale)}</span>
                  <span className="tabular-nums">
                    {formatPrice(product.priceMinor, product.currency, locale)} → {next === null ? '—' : formatPrice(next, product.currency, locale)}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** The editor's keyboard shortcuts, written down where the owner works. */
export function ShortcutsHelp({ withSearch }: { withSearch: boolean }) {
  const { t } = useTranslation();
  const keys: [string, string][] = [
    ...(withSearch ? [['/', t('editor.shortcutSearch')] as [string, string]] : []),
    ['x', t('editor.shortcutSelect')],
    ['Esc', t('editor.shortcutEscape')],
  ];
  return (
    <details className="text-sm">
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium">{t('editor.shortcutsTitle')}</summary>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        {keys.map(([key, what]) => (
          <div key={key} className="contents">
            <dt>
              <kbd className="rounded border border-stone-400 px-1.5 font-mono">{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

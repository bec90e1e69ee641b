import { createContext, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from 'react-router';
import { SaveOutcome } from './row-actions.tsx';
import { iconButton } from './fields.tsx';
import { useEditorT } from './editor-t.tsx';
import { useCan } from './editor-permissions.tsx';
import { Icon } from './icons.tsx';
import type { Binding, RowTie } from './sortable-types.ts';

interface Item {
  id: string;
  name: string;
}

const HandleContext = createContext<{ name: string; binding: Binding | null; inList: boolean }>({ name: '', binding: null, inList: false });

/**
 * Drag and drop is armed after the page is interactive, not during hydration: binding every row
 * to dnd-kit (a sortable per row, each registered and measured) lengthened the editor's hydration
 * with hundreds of dishes (bench:admin). dnd-kit itself is not in the page's first load either
 * (issue 26): arming fetches it (sortable-dnd.tsx). Every list arms at once, on the first idle moment
 * after the editor mounted, or as soon as the owner reaches for a handle (pointer over it, focus
 * on it, a touch). The rows themselves are never re-mounted: the bindings live beside the list, so
 * focus, typed text and open forms survive arming.
 */
type DndModule = typeof import('./sortable-dnd.tsx');
let armed = false;
let dnd: DndModule | undefined;
const armedListeners = new Set<() => void>();
function armAll() {
  if (armed) return;
  armed = true;
  void import('./sortable-dnd.tsx').then((module) => {
    dnd = module;
    for (const listener of armedListeners) listener();
  });
}
function subscribeArmed(listener: () => void) {
  armedListeners.add(listener);
  return () => armedListeners.delete(listener);
}
function useArmed(): DndModule | undefined {
  const module = useSyncExternalStore(
    subscribeArmed,
    () => dnd,
    () => undefined,
  );
  useEffect(() => {
    if (armed) return;
    // React started because the owner reached for a handle (decision 0033): arm now, not at the next idle moment
    if (document.activeElement?.closest('[aria-roledescription="sortable"]')) {
      armAll();
      return;
    }
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(armAll, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(armAll, 200);
    return () => clearTimeout(timer);
  }, []);
  return module;
}

/** `items` with the one at `from` moved to `to` (dnd-kit's arrayMove, without loading dnd-kit). */
function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** The editor's intent that saves a list's order, and the location or category the list is in. */
export interface SaveOrder {
  intent: 'reorder-locations' | 'reorder-categories' | 'reorder-products';
  parentId?: string;
}

/**
 * A vertical list the owner reorders by dragging a handle (mouse, touch) or with the keyboard
 * (Space, arrows, Space), with spoken announcements. The new order is applied at once and saved
 * with `save` (the toast says how it went); the move up/down buttons next to each row remain for
 * anyone who prefers them.
 *
 * Before React runs, the page's own script drags with the pointer (editor-drag.js, decision
 * 0033): it reads the list's `data-reorder-*` and rows' `data-sortable-id`, shows the new order
 * with CSS transforms over the rows as the server drew them (so React hydrates that markup) and
 * leaves the order in `data-order-before-react`; the list takes it over here when React starts.
 */
export function SortableList<T extends Item>({
  id,
  items,
  save,
  children,
  as: Tag = 'ul',
  className,
}: {
  id: string;
  items: readonly T[];
  save: SaveOrder;
  children: (item: T, index: number) => ReactNode;
  as?: 'ul' | 'ol';
  className?: string;
}) {
  const { t } = useTranslation();
  const Dnd = useArmed();
  const submit = useSubmit();
  // the saves in flight, each a fetcher of its own with its toast (SaveOutcome)
  const [saves, setSaves] = useState<readonly string[]>([]);
  const saveCount = useRef(0);
  const saved = useCallback((key: string) => setSaves((keys) => keys.filter((k) => k !== key)), []);
  const ties = useRef(new Map<string, RowTie>()).current;
  const list = useRef<HTMLUListElement & HTMLOListElement>(null);
  // the server's order wins whenever it changes (after a save, another tab, a deletion), in the
  // same render: a row moved by its "up" button moves once, with its new data, not a render later
  const serverOrder = items.map((item) => item.id).join(',');
  const [local, setLocal] = useState(() => ({ server: serverOrder, order: items.map((item) => item.id) }));
  let order = local.order;
  if (local.server !== serverOrder) {
    order = serverOrder ? serverOrder.split(',') : [];
    setLocal({ server: serverOrder, order });
  }
  const orderKey = order.join(',');
  const byId = new Map(items.map((item) => [item.id, item]));
  const sorted = order.map((itemId) => byId.get(itemId)).filter((item): item is T => item !== undefined);

  // what dnd-kit's handlers read, always the latest, so the bindings need not re-draw with every render of the list
  const latest = useRef({ order, byId, save, serverOrder });
  latest.current = { order, byId, save, serverOrder };
  const onMove = useCallback(
    (activeId: string, overId: string) => {
      const {
        order: now,
        save: { intent, parentId },
        serverOrder: server,
      } = latest.current;
      if (activeId === overId) return;
      const next = moved(now, now.indexOf(activeId), now.indexOf(overId));
      setLocal({ server, order: next });
      const key = `${id}-order-${++saveCount.current}`;
      setSaves((keys) => [...keys, key]);
      void submit({ intent, ...(parentId ? { parentId } : {}), order: next.join(',') }, { method: 'post', navigate: false, fetcherKey: key, preventScrollReset: true });
    },
    [id, submit],
  );
  const accessibility = useMemo(() => {
    const nameOf = (itemId: string | number) => latest.current.byId.get(String(itemId))?.name ?? '';
    const position = (itemId: string | number) => ({ position: latest.current.order.indexOf(String(itemId)) + 1, total: latest.current.order.length });
    return {
      screenReaderInstructions: { draggable: t('editor.dragInstructions') },
      announcements: {
        onDragStart: ({ active }: { active: { id: string | number } }) => t('editor.dragPicked', { name: nameOf(active.id) }),
        onDragOver: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
          over ? t('editor.dragOver', { name: nameOf(active.id), ...position(over.id) }) : undefined,
        onDragEnd: ({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) =>
          over ? t('editor.dragDropped', { name: nameOf(active.id), ...position(over.id) }) : t('editor.dragCancelled'),
        onDragCancel: () => t('editor.dragCancelled'),
      },
    };
  }, [t]);
  const shown = useMemo(() => (orderKey ? orderKey.split(',').filter((itemId) => latest.current.byId.has(itemId)) : []), [orderKey, serverOrder]);

  // a drag the page's script finished before React ran: its order taken over, then its stand-in transforms dropped
  useLayoutEffect(() => {
    const element = list.current;
    const before = element?.getAttribute('data-order-before-react');
    if (!element || before === null || before === undefined) return;
    // rows the script did not order (deleted before React, still in the page's data until it is read again) go last
    const wanted = before.split(',').filter((itemId) => latest.current.byId.has(itemId));
    const next = [...wanted, ...latest.current.order.filter((itemId) => !wanted.includes(itemId))].join(',');
    if (next !== orderKey) {
      setLocal({ server: latest.current.serverOrder, order: next.split(',') });
      return;
    }
    element.removeAttribute('data-order-before-react');
    for (const row of element.children) {
      if (!(row instanceof HTMLElement)) continue;
      row.style.transform = '';
      row.style.transition = '';
    }
  }, [orderKey]);
  // the script's save was refused after React took its order over: back to the server's
  useEffect(() => {
    const element = list.current;
    const revert = () => setLocal({ server: latest.current.serverOrder, order: latest.current.serverOrder ? latest.current.serverOrder.split(',') : [] });
    element?.addEventListener('sortable:refused', revert);
    return () => element?.removeEventListener('sortable:refused', revert);
  }, []);

  return (
    <>
      <Tag ref={list} className={className} data-reorder-intent={save.intent} data-reorder-parent={save.parentId}>
        {sorted.map((item, index) => (
          <SortableRow key={item.id} id={item.id} name={item.name} ties={ties}>
            {children(item, index)}
          </SortableRow>
        ))}
      </Tag>
      {saves.map((key) => (
        <SaveOutcome key={key} fetcherKey={key} onDone={saved} />
      ))}
      {Dnd ? <Bindings Dnd={Dnd} id={id} order={order} shown={shown} ties={ties} onMove={onMove} accessibility={accessibility} /> : null}
    </>
  );
}

/** dnd-kit's bindings, re-drawn only when the order or the rows shown change (not with every state change around the list). */
const Bindings = memo(function Bindings({ Dnd, ...props }: { Dnd: DndModule } & Parameters<DndModule['SortableBindings']>[0]) {
  return <Dnd.SortableBindings {...props} />;
});

function SortableRow({ id, name, ties, children }: { id: string; name: string; ties: Map<string, RowTie>; children: ReactNode }) {
  const row = useRef<HTMLLIElement | null>(null);
  // the binding's node setter, told of the <li> whichever of the two is mounted first
  const attach = useRef<((li: HTMLLIElement | null) => void) | null>(null);
  const setRow = useCallback((li: HTMLLIElement | null) => {
    row.current = li;
    attach.current?.(li);
  }, []);
  const [binding, setBinding] = useState<Binding | null>(null);
  // the row's tie, read by the bindings drawn after the list (same objects on every render)
  ties.set(id, { row, attach, bind: setBinding });
  useEffect(
    () => () => {
      if (ties.get(id)?.row === row) ties.delete(id);
    },
    [id, ties],
  );
  // the same value while the row's name and binding are: its handle is not re-drawn with the list
  const handle = useMemo(() => ({ name, binding, inList: true }), [name, binding]);
  return (
    <li ref={setRow} data-sortable-id={id} data-name={name}>
      <HandleContext.Provider value={handle}>{children}</HandleContext.Provider>
    </li>
  );
}

/** The drag handle of the row it sits in; before drag and drop is armed, reaching for it arms it. */
export function DragHandle() {
  const t = useEditorT();
  const { name, binding, inList } = useContext(HandleContext);
  // reordering is editing the menu: staff's rows have no handle (and the server refuses a reorder from them)
  const canReorder = useCan('menu.edit');
  if (!inList || !canReorder) return null;
  return (
    <button
      type="button"
      ref={binding?.setActivatorNodeRef}
      // what dnd-kit sets, already in the server's HTML; it adds the instructions once armed
      role="button"
      tabIndex={0}
      aria-disabled={false}
      aria-roledescription="sortable"
      onPointerEnter={armAll}
      onFocus={armAll}
      onTouchStart={armAll}
      {...binding?.attributes}
      {...binding?.listeners}
      aria-label={t('editor.dragHandle', { name })}
      className={`${iconButton} cursor-grab touch-none active:cursor-grabbing`}
    >
      <Icon name="grip" />
    </button>
  );
}

import { createContext, useCallback, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const module = useSyncExternalStore(subscribeArmed, () => dnd, () => undefined);
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

/**
 * A vertical list the owner reorders by dragging a handle (mouse, touch) or with the keyboard
 * (Space, arrows, Space), with spoken announcements. The new order is applied at once and sent
 * with `onReorder`; the move up/down buttons next to each row remain for anyone who prefers them.
 */
export function SortableList<T extends Item>({
  id,
  items,
  onReorder,
  children,
  as: Tag = 'ul',
  className,
}: {
  id: string;
  items: readonly T[];
  onReorder: (orderedIds: string[]) => void;
  children: (item: T, index: number) => ReactNode;
  as?: 'ul' | 'ol';
  className?: string;
}) {
  const { t } = useTranslation();
  const Dnd = useArmed();
  const ties = useRef(new Map<string, RowTie>()).current;
  // the server's order wins whenever it changes (after a save, another tab, a deletion), in the
  // same render: a row moved by its "up" button moves once, with its new data, not a render later
  const serverOrder = items.map((item) => item.id).join(',');
  const [local, setLocal] = useState(() => ({ server: serverOrder, order: items.map((item) => item.id) }));
  let order = local.order;
  if (local.server !== serverOrder) {
    order = serverOrder ? serverOrder.split(',') : [];
    setLocal({ server: serverOrder, order });
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  const sorted = order.map((itemId) => byId.get(itemId)).filter((item): item is T => item !== undefined);
  const nameOf = (itemId: string | number) => byId.get(String(itemId))?.name ?? '';
  const position = (itemId: string | number) => ({ position: order.indexOf(String(itemId)) + 1, total: order.length });

  function onMove(activeId: string, overId: string) {
    if (activeId === overId) return;
    const next = moved(order, order.indexOf(activeId), order.indexOf(overId));
    setLocal({ server: serverOrder, order: next });
    onReorder(next);
  }

  return (
    <>
      <Tag className={className}>
        {sorted.map((item, index) => (
          <SortableRow key={item.id} id={item.id} name={item.name} ties={ties}>
            {children(item, index)}
          </SortableRow>
        ))}
      </Tag>
      {Dnd ? (
        <Dnd.SortableBindings
          id={id}
          order={order}
          shown={sorted.map((item) => item.id)}
          ties={ties}
          onMove={onMove}
          accessibility={{
            screenReaderInstructions: { draggable: t('editor.dragInstructions') },
            announcements: {
              onDragStart: ({ active }) => t('editor.dragPicked', { name: nameOf(active.id) }),
              onDragOver: ({ active, over }) => (over ? t('editor.dragOver', { name: nameOf(active.id), ...position(over.id) }) : undefined),
              onDragEnd: ({ active, over }) => (over ? t('editor.dragDropped', { name: nameOf(active.id), ...position(over.id) }) : t('editor.dragCancelled')),
              onDragCancel: () => t('editor.dragCancelled'),
            },
          }}
        />
      ) : null}
    </>
  );
}

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
  return (
    <li ref={setRow}>
      <HandleContext.Provider value={{ name, binding, inList: true }}>{children}</HandleContext.Provider>
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

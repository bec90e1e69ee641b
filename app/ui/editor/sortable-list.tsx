import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton } from './fields.tsx';
import { useEditorT } from './editor-t.tsx';
import { useCan } from './editor-permissions.tsx';
import { Icon } from './icons.tsx';

interface Item {
  id: string;
  name: string;
}

/** What a row's drag handle needs from dnd-kit once its row is armed. */
type Binding = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;

const HandleContext = createContext<{ name: string; binding: Binding | null; inList: boolean }>({ name: '', binding: null, inList: false });

/**
 * Drag and drop is armed after the page is interactive, not during hydration: binding every row
 * to dnd-kit (a sortable per row, each registered and measured) lengthened the editor's hydration
 * with hundreds of dishes (bench:admin). Every list arms at once, on the first idle moment after
 * the editor mounted, or as soon as the owner reaches for a handle (pointer over it, focus on it,
 * a touch), so a drag always finds its handle live. The rows themselves are never re-mounted:
 * focus, typed text and open forms survive arming.
 */
let armed = false;
const armedListeners = new Set<() => void>();
function armAll() {
  if (armed) return;
  armed = true;
  for (const listener of armedListeners) listener();
}
function subscribeArmed(listener: () => void) {
  armedListeners.add(listener);
  return () => armedListeners.delete(listener);
}
function useArmed(): boolean {
  const isArmed = useSyncExternalStore(subscribeArmed, () => armed, () => false);
  useEffect(() => {
    if (armed) return;
    if (typeof requestIdleCallback === 'function') {
      const idle = requestIdleCallback(armAll, { timeout: 2000 });
      return () => cancelIdleCallback(idle);
    }
    const timer = setTimeout(armAll, 200);
    return () => clearTimeout(timer);
  }, []);
  return isArmed;
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
  firstRows,
}: {
  id: string;
  items: readonly T[];
  onReorder: (orderedIds: string[]) => void;
  children: (item: T, index: number) => ReactNode;
  as?: 'ul' | 'ol';
  className?: string;
  /**
   * A long list draws this many rows with the page (in the server's HTML and at hydration) and
   * the rest right after, as an interruptible update: the first screen becomes usable sooner.
   */
  firstRows?: number;
}) {
  const { t } = useTranslation();
  const isArmed = useArmed();
  const [drawn, setDrawn] = useState(firstRows ?? Infinity);
  useEffect(() => {
    if (drawn !== Infinity) startTransition(() => setDrawn(Infinity));
  }, [drawn]);
  const [order, setOrder] = useState(() => items.map((item) => item.id));
  // the server's order wins whenever it changes (after a save, another tab, a deletion)
  const serverOrder = items.map((item) => item.id).join(',');
  useEffect(() => setOrder(serverOrder ? serverOrder.split(',') : []), [serverOrder]);
  const byId = new Map(items.map((item) => [item.id, item]));
  const sorted = order.map((itemId) => byId.get(itemId)).filter((item): item is T => item !== undefined);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (itemId: string | number) => byId.get(String(itemId))?.name ?? '';
  const position = (itemId: string | number) => ({ position: order.indexOf(String(itemId)) + 1, total: order.length });

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setOrder(next);
    onReorder(next);
  }

  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      // rows measured up front: an arrow key pressed right after pick-up must already know where to go
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('editor.dragInstructions') },
        announcements: {
          onDragStart: ({ active }) => t('editor.dragPicked', { name: nameOf(active.id) }),
          onDragOver: ({ active, over }) => (over ? t('editor.dragOver', { name: nameOf(active.id), ...position(over.id) }) : undefined),
          onDragEnd: ({ active, over }) => (over ? t('editor.dragDropped', { name: nameOf(active.id), ...position(over.id) }) : t('editor.dragCancelled')),
          onDragCancel: () => t('editor.dragCancelled'),
        },
      }}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <Tag className={className}>
          {sorted.slice(0, drawn).map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={item.name} armed={isArmed}>
              {children(item, index)}
            </SortableRow>
          ))}
        </Tag>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, armed: isArmed, children }: { id: string; name: string; armed: boolean; children: ReactNode }) {
  const row = useRef<HTMLLIElement | null>(null);
  // the binding's node setter, told of the <li> whichever of the two is mounted first
  const attach = useRef<((li: HTMLLIElement | null) => void) | null>(null);
  const setRow = useCallback((li: HTMLLIElement | null) => {
    row.current = li;
    attach.current?.(li);
  }, []);
  const [binding, setBinding] = useState<Binding | null>(null);
  return (
    <li ref={setRow}>
      {isArmed ? <SortableBinding id={id} row={row} attach={attach} bind={setBinding} /> : null}
      <HandleContext.Provider value={{ name, binding, inList: true }}>{children}</HandleContext.Provider>
    </li>
  );
}

/**
 * A row's tie to dnd-kit, drawn nothing: it registers the row (its <li>) as sortable, moves it
 * while dragged, and hands the drag handle its listeners and attributes.
 */
function SortableBinding({
  id,
  row,
  attach,
  bind,
}: {
  id: string;
  row: RefObject<HTMLLIElement | null>;
  attach: RefObject<((li: HTMLLIElement | null) => void) | null>;
  bind: (binding: Binding | null) => void;
}) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id });
  useLayoutEffect(() => {
    attach.current = setNodeRef;
    setNodeRef(row.current);
    return () => {
      attach.current = null;
      setNodeRef(null);
    };
  }, [row, attach, setNodeRef]);
  useLayoutEffect(() => {
    const li = row.current;
    if (!li) return;
    li.style.transform = CSS.Translate.toString(transform) ?? '';
    li.style.transition = transition ?? '';
    for (const name of ['relative', 'z-10', 'opacity-80', 'shadow-lg']) li.classList.toggle(name, isDragging);
  }, [row, transform, transition, isDragging]);
  useLayoutEffect(() => {
    bind({ attributes, listeners, setActivatorNodeRef });
  }, [bind, attributes, listeners, setActivatorNodeRef]);
  useLayoutEffect(() => () => bind(null), [bind]);
  return null;
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

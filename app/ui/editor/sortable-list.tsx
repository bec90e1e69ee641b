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
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { iconButton } from './fields.tsx';
import { Icon } from './icons.tsx';

interface Item {
  id: string;
  name: string;
}

const HandleContext = createContext<{ name: string; handle: ReturnType<typeof useSortable> | null }>({ name: '', handle: null });

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
          {sorted.map((item, index) => (
            <SortableRow key={item.id} id={item.id} name={item.name}>
              {children(item, index)}
            </SortableRow>
          ))}
        </Tag>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const sortable = useSortable({ id });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  return (
    <li ref={sortable.setNodeRef} style={style} className={sortable.isDragging ? 'relative z-10 opacity-80 shadow-lg' : undefined}>
      <HandleContext.Provider value={{ name, handle: sortable }}>{children}</HandleContext.Provider>
    </li>
  );
}

/** The drag handle of the row it sits in. */
export function DragHandle() {
  const { t } = useTranslation();
  const { name, handle } = useContext(HandleContext);
  if (!handle) return null;
  return (
    <button
      type="button"
      ref={handle.setActivatorNodeRef}
      {...handle.attributes}
      {...handle.listeners}
      aria-label={t('editor.dragHandle', { name })}
      className={`${iconButton} cursor-grab touch-none active:cursor-grabbing`}
    >
      <Icon name="grip" />
    </button>
  );
}

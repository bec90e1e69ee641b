import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useLayoutEffect } from 'react';
import type { RowTie } from './sortable-types.ts';

/**
 * dnd-kit's half of a sortable list (sortable-list.tsx), fetched when drag and drop is armed (issue 26:
 * not in the editor's first load). Drawn beside the list, not around it: it renders nothing of its own
 * but dnd-kit's announcements, and ties each shown row's <li> and drag handle to dnd-kit.
 */
export function SortableBindings({
  id,
  order,
  shown,
  ties,
  onMove,
  accessibility,
}: {
  id: string;
  order: string[];
  shown: string[];
  ties: Map<string, RowTie>;
  onMove: (activeId: string, overId: string) => void;
  accessibility: { screenReaderInstructions: ScreenReaderInstructions; announcements: Announcements };
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function onDragEnd({ active, over }: DragEndEvent) {
    if (over) onMove(String(active.id), String(over.id));
  }
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      // rows measured up front: an arrow key pressed right after pick-up must already know where to go
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        {shown.map((itemId) => {
          const tie = ties.get(itemId);
          return tie ? <SortableBinding key={itemId} id={itemId} tie={tie} /> : null;
        })}
      </SortableContext>
    </DndContext>
  );
}

/**
 * A row's tie to dnd-kit, drawn nothing: it registers the row (its <li>) as sortable, moves it
 * while dragged, and hands the drag handle its listeners and attributes.
 */
function SortableBinding({ id, tie: { row, attach, bind } }: { id: string; tie: RowTie }) {
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

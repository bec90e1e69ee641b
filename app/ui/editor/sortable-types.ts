import type { useSortable } from '@dnd-kit/sortable';
import type { RefObject } from 'react';

/** What a row's drag handle needs from dnd-kit once its row is armed. */
export type Binding = Pick<ReturnType<typeof useSortable>, 'attributes' | 'listeners' | 'setActivatorNodeRef'>;

/** What a row gives the drag-and-drop module (sortable-dnd.tsx): its <li>, and where to hand the binding. */
export interface RowTie {
  row: RefObject<HTMLLIElement | null>;
  attach: RefObject<((li: HTMLLIElement | null) => void) | null>;
  bind: (binding: Binding | null) => void;
}

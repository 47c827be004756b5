import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { t } from '../app/texts.ts';

/** Props of {@link SortableArea}. */
interface SortableAreaProps {
  ids: readonly string[];
  /** Names an item in the drag announcements. */
  nameOf: (id: string) => string;
  /** An item was dropped at another place: its id, old and new 0-based index. */
  onMove: (id: string, from: number, to: number) => void;
  children: ReactNode;
}

/**
 * The drag-and-drop area of a reorderable list or table (dnd-kit): pointer and keyboard dragging
 * (Space picks up, arrows move, Space drops, Escape cancels), with announcements that name the item.
 */
export function SortableArea({ ids, nameOf, onMove, children }: SortableAreaProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${nameOf(String(active.id))}: ${position(active.id)} / ${ids.length}`,
    onDragOver: ({ active, over }) => (over ? t('table.moved', { name: nameOf(String(active.id)), position: position(over.id), total: ids.length }) : ''),
    onDragEnd: ({ active, over }) => (over ? t('table.moved', { name: nameOf(String(active.id)), position: position(over.id), total: ids.length }) : ''),
    onDragCancel: ({ active }) => `${nameOf(String(active.id))}: ${position(active.id)} / ${ids.length}`,
  };
  // dnd-kit renders its instructions and live region beside the list by default: inside a table
  // they are not rows, which breaks the grid (axe aria-required-children); they go to the body.
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(String(active.id), from, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, container: document.body }}>
      <SortableContext items={ids as string[]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One sortable item: put `ref` and `style` on the row, `handle` on the drag button. */
export function useSortableItem(id: string, disabled = false) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition: transition ?? undefined };
  return { ref: setNodeRef, style, isDragging, handle: { ...attributes, ...listeners } };
}

/** The drag handle and the keyboard alternative (Move up / Move down) of one item. */
export function ReorderControls({
  name,
  index,
  total,
  onMove,
  handle,
  disabled,
}: {
  name: string;
  index: number;
  total: number;
  onMove: (to: number) => void;
  handle: Record<string, unknown>;
  disabled?: boolean | undefined;
}) {
  return (
    <div className="adm-reorder">
      <button type="button" className="adm-drag" aria-label={t('table.dragHandle', { name })} disabled={disabled} {...handle}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
          <circle cx="9" cy="6" r="1.6" />
          <circle cx="15" cy="6" r="1.6" />
          <circle cx="9" cy="12" r="1.6" />
          <circle cx="15" cy="12" r="1.6" />
          <circle cx="9" cy="18" r="1.6" />
          <circle cx="15" cy="18" r="1.6" />
        </svg>
      </button>
      <button
        type="button"
        className="adm-icon-btn adm-icon-btn--sm"
        aria-label={t('table.moveUp', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index - 1)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 15l6-6 6 6" />
        </svg>
      </button>
      <button
        type="button"
        className="adm-icon-btn adm-icon-btn--sm"
        aria-label={t('table.moveDown', { name })}
        disabled={disabled || index === total - 1}
        onClick={() => onMove(index + 1)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
    </div>
  );
}

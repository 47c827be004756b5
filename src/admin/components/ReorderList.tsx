import type { ReactNode } from 'react';
import { ReorderControls, SortableArea, useSortableItem } from './sortable.tsx';

/** Props of {@link ReorderList}. */
export interface ReorderListProps<T> {
  /** The list's accessible name. */
  label: string;
  items: readonly T[];
  getId: (item: T) => string;
  /** Names an item in the move buttons and drag announcements. */
  itemName: (item: T) => string;
  /** Renders an item's content (its controls too, e.g. a Remove button). */
  renderItem: (item: T, index: number) => ReactNode;
  /** An item goes to a new 0-based index (drag, or Move up / Move down). */
  onMove: (item: T, to: number) => void;
}

/** A reorderable list (dnd-kit drag plus Move up / Move down buttons), e.g. a collection's children. */
export function ReorderList<T>({ label, items, getId, itemName, renderItem, onMove }: ReorderListProps<T>) {
  const ids = items.map(getId);
  const byId = (id: string) => items.find((i) => getId(i) === id);
  return (
    <SortableArea
      ids={ids}
      nameOf={(id) => {
        const item = byId(id);
        return item ? itemName(item) : id;
      }}
      onMove={(id, _from, to) => {
        const item = byId(id);
        if (item) onMove(item, to);
      }}
    >
      <ol className="adm-reorder-list" aria-label={label}>
        {items.map((item, index) => (
          <ReorderItem key={getId(item)} id={getId(item)} name={itemName(item)} index={index} total={items.length} onMove={(to) => onMove(item, to)}>
            {renderItem(item, index)}
          </ReorderItem>
        ))}
      </ol>
    </SortableArea>
  );
}

function ReorderItem({
  id,
  name,
  index,
  total,
  onMove,
  children,
}: {
  id: string;
  name: string;
  index: number;
  total: number;
  onMove: (to: number) => void;
  children: ReactNode;
}) {
  const sortable = useSortableItem(id);
  return (
    <li ref={sortable.ref} style={sortable.style} className={`adm-reorder-item${sortable.isDragging ? ' adm-row--dragging' : ''}`}>
      <ReorderControls name={name} index={index} total={total} handle={sortable.handle} onMove={onMove} />
      <div className="adm-reorder-item__body">{children}</div>
    </li>
  );
}

import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type Row,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { t } from '../app/texts.ts';
import { errorMessage } from '../lib/api.ts';
import { ReorderControls, SortableArea, useSortableItem } from './sortable.tsx';
import { useGridKeys } from './use-grid-keys.ts';

/** Server paging: the API's offset/limit (and seek) window, driven by the screen. */
export interface ServerPaging {
  offset: number;
  limit: number;
  /** The API's totalResults, when it gives one. */
  total?: number | undefined;
  hasNext: boolean;
  /** Go to the previous or the next page (the screen keeps the keyset cursor when it uses `seek`). */
  onPrevious: () => void;
  onNext: () => void;
}

/** Props of {@link DataTable}. */
export interface DataTableProps<T> {
  /** The table's accessible name (its caption, visually hidden). */
  label: string;
  data: readonly T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are of any type
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  /** Names a row in checkbox and move-button labels ('Select Museums'). */
  rowName: (row: T) => string;
  /** First load under way: shows a loading row. */
  loading?: boolean | undefined;
  /** The list could not be loaded: the error's message and a retry button. */
  error?: unknown;
  onRetry?: (() => void) | undefined;
  emptyText?: string | undefined;
  /** Multi-select with a checkbox per row; `bulkActions` renders buttons for the selected rows. */
  bulkActions?: ((selected: T[], clear: () => void) => ReactNode) | undefined;
  /** Reorderable rows (drag handle plus Move up / Move down): the row and its new 0-based index. Turns sorting off. */
  onReorder?: ((row: T, to: number) => void) | undefined;
  /** Sorting: client-side over `data` (default, by clickable headers), or `manual` with the screen's state for server sorting. */
  sorting?: { state: SortingState; onChange: (next: SortingState) => void } | undefined;
  /** Whether headers sort the rows (default true; lists in display order turn it off). */
  sortable?: boolean | undefined;
  /** Client-side pages of this many rows; leave out for one page. */
  pageSize?: number | undefined;
  /** Server paging (offset/limit/seek); rows are shown as given. */
  paging?: ServerPaging | undefined;
  /** Marks a row (e.g. a slide whose item is gone): adds `adm-row--<class>`. */
  rowClass?: ((row: T) => string | undefined) | undefined;
}

/**
 * The console's table (TanStack Table): dense rows, sortable headers, client or server paging,
 * multi-select with a bulk-action bar, and reorderable rows (dnd-kit with a keyboard alternative).
 * Keyboard: the ARIA grid pattern (`useGridKeys`): one Tab stop, arrows move between cells and controls.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    label,
    data,
    columns,
    getRowId,
    rowName,
    loading,
    error,
    onRetry,
    emptyText,
    bulkActions,
    onReorder,
    sorting,
    sortable = true,
    pageSize,
    paging,
    rowClass,
  } = props;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const [pageIndex, setPageIndex] = useState(0);
  const selectable = Boolean(bulkActions);
  const rows = data as T[];

  const allColumns = useMemo(() => {
    const out: ColumnDef<T, unknown>[] = [];
    if (selectable) {
      out.push({
        id: '_select',
        enableSorting: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={t('table.selectAll')}
            checked={table.getIsAllRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('table.selectRow', { name: rowName(row.original) })}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      });
    }
    return [...out, ...(columns as ColumnDef<T, unknown>[])];
  }, [columns, selectable, rowName]);

  const manualSorting = Boolean(sorting);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table's instance is not memoizable; nothing here relies on the React Compiler
  const table = useReactTable<T>({
    data: rows,
    columns: allColumns,
    getRowId: (row) => getRowId(row),
    state: {
      rowSelection,
      sorting: sorting?.state ?? localSorting,
      ...(pageSize ? { pagination: { pageIndex, pageSize } } : {}),
    },
    enableRowSelection: selectable,
    enableSorting: sortable && !onReorder,
    manualSorting,
    onRowSelectionChange: setRowSelection,
    onSortingChange: (updater) => {
      const current = sorting?.state ?? localSorting;
      const next = typeof updater === 'function' ? updater(current) : updater;
      if (sorting) sorting.onChange(next);
      else setLocalSorting(next);
    },
    getCoreRowModel: getCoreRowModel(),
    ...(manualSorting || onReorder ? {} : { getSortedRowModel: getSortedRowModel() }),
    ...(pageSize ? { getPaginationRowModel: getPaginationRowModel() } : {}),
  });

  // Rows that left the data (deleted, another page) leave the selection too.
  const ids = useMemo(() => rows.map(getRowId), [rows, getRowId]);
  useEffect(() => {
    setRowSelection((sel) => {
      const kept = Object.fromEntries(Object.entries(sel).filter(([id]) => ids.includes(id)));
      return Object.keys(kept).length === Object.keys(sel).length ? sel : kept;
    });
  }, [ids]);
  const offset = paging?.offset;
  useEffect(() => setRowSelection({}), [offset]);

  const tableEl = useRef<HTMLTableElement>(null);
  const onGridKey = useGridKeys(tableEl);

  const selected = table.getSelectedRowModel().rows.map((r) => r.original);
  const clear = () => setRowSelection({});
  const visible = table.getRowModel().rows;
  const colCount = allColumns.length + (onReorder ? 1 : 0);
  const nameOf = (id: string) => {
    const row = rows.find((r) => getRowId(r) === id);
    return row ? rowName(row) : id;
  };

  const body = (
    <tbody>
      {loading && rows.length === 0 ? (
        <tr>
          <td colSpan={colCount} className="adm-table__note">
            {t('table.loading')}
          </td>
        </tr>
      ) : error ? (
        <tr>
          <td colSpan={colCount} className="adm-table__note adm-table__note--error">
            {t('error.load', { message: errorMessage(error) })}{' '}
            {onRetry && (
              <button type="button" className="adm-btn adm-btn--sm" onClick={onRetry}>
                {t('error.retry')}
              </button>
            )}
          </td>
        </tr>
      ) : visible.length === 0 ? (
        <tr>
          <td colSpan={colCount} className="adm-table__note">
            {emptyText ?? t('table.empty')}
          </td>
        </tr>
      ) : (
        visible.map((row, index) => (
          <TableRow
            key={row.id}
            row={row}
            index={index}
            total={visible.length}
            name={rowName(row.original)}
            onReorder={onReorder}
            className={rowClass?.(row.original)}
          />
        ))
      )}
    </tbody>
  );

  const nextSort = (dir: false | 'asc' | 'desc') => (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none');

  return (
    <div className="adm-table-wrap">
      {selectable && (
        <div className={`adm-bulk${selected.length ? ' adm-bulk--on' : ''}`} aria-live="polite">
          {selected.length > 0 ? (
            <>
              <span className="adm-bulk__count">{t('table.selected', { count: selected.length })}</span>
              <div className="adm-actions">{bulkActions?.(selected, clear)}</div>
              <button type="button" className="adm-btn adm-btn--ghost adm-btn--sm" onClick={clear}>
                {t('table.clearSelection')}
              </button>
            </>
          ) : null}
        </div>
      )}
      <div className="adm-table-scroll">
        {/* A grid (one Tab stop, arrows between cells): 12 rows of checkbox, handle, links and switches were 84 Tab stops. */}
        <table ref={tableEl} role="grid" className="adm-table" onKeyDown={onGridKey}>
          <caption className="adm-sr-only">{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {onReorder && (
                  <th scope="col" className="adm-col-reorder">
                    {t('table.reorder')}
                  </th>
                )}
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const dir = header.column.getIsSorted();
                  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cellClass(header.column.id, header.column.columnDef.meta)}
                      aria-sort={canSort ? nextSort(dir) : undefined}
                    >
                      {canSort ? (
                        <button type="button" className="adm-sort" onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          <span aria-hidden="true" className="adm-sort__icon">
                            {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          {onReorder ? (
            <SortableArea
              ids={visible.map((r) => r.id)}
              nameOf={nameOf}
              onMove={(id, _from, to) => {
                const row = rows.find((r) => getRowId(r) === id);
                if (row) onReorder(row, to);
              }}
            >
              {body}
            </SortableArea>
          ) : (
            body
          )}
        </table>
      </div>
      {pageSize && table.getPageCount() > 1 && (
        <Pager
          from={pageIndex * pageSize + 1}
          to={Math.min((pageIndex + 1) * pageSize, rows.length)}
          total={rows.length}
          hasPrevious={table.getCanPreviousPage()}
          hasNext={table.getCanNextPage()}
          onPrevious={() => setPageIndex((i) => i - 1)}
          onNext={() => setPageIndex((i) => i + 1)}
        />
      )}
      {paging && (paging.offset > 0 || paging.hasNext) && (
        <Pager
          from={rows.length ? paging.offset + 1 : 0}
          to={paging.offset + rows.length}
          total={paging.total}
          hasPrevious={paging.offset > 0}
          hasNext={paging.hasNext}
          onPrevious={paging.onPrevious}
          onNext={paging.onNext}
        />
      )}
    </div>
  );
}

/** What a column may tell the table through `meta`: a class for its header and cells (e.g. `adm-hide-sm` hides it on phones). */
export interface ColumnMeta {
  className?: string;
}

function cellClass(id: string, meta: unknown): string | undefined {
  const own = (meta as ColumnMeta | undefined)?.className;
  return [id === '_select' ? 'adm-col-select' : '', own ?? ''].filter(Boolean).join(' ') || undefined;
}

interface RowProps<T> {
  row: Row<T>;
  index: number;
  total: number;
  name: string;
  onReorder: ((row: T, to: number) => void) | undefined;
  className: string | undefined;
}

function rowClassName<T>(row: Row<T>, extra: string | undefined, dragging = false): string {
  return [row.getIsSelected() ? 'adm-row--selected' : '', dragging ? 'adm-row--dragging' : '', extra ? `adm-row--${extra}` : ''].filter(Boolean).join(' ');
}

function Cells<T>({ row }: { row: Row<T> }) {
  return row.getVisibleCells().map((cell) => (
    <td key={cell.id} className={cellClass(cell.column.id, cell.column.columnDef.meta)}>
      {flexRender(cell.column.columnDef.cell, cell.getContext())}
    </td>
  ));
}

function TableRow<T>(props: RowProps<T>) {
  if (props.onReorder) return <SortableRow {...props} onReorder={props.onReorder} />;
  return (
    <tr className={rowClassName(props.row, props.className)} data-row-id={props.row.id}>
      <Cells row={props.row} />
    </tr>
  );
}

function SortableRow<T>({ row, index, total, name, onReorder, className }: RowProps<T> & { onReorder: (row: T, to: number) => void }) {
  const sortable = useSortableItem(row.id);
  return (
    <tr ref={sortable.ref} style={sortable.style} className={rowClassName(row, className, sortable.isDragging)} data-row-id={row.id}>
      <td className="adm-col-reorder">
        <ReorderControls name={name} index={index} total={total} handle={sortable.handle} onMove={(to) => onReorder(row.original, to)} />
      </td>
      <Cells row={row} />
    </tr>
  );
}

/** Previous / next paging with the rows shown. */
export function Pager({
  from,
  to,
  total,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
}: {
  from: number;
  to: number;
  total?: number | undefined;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <nav className="adm-pager" aria-label={t('table.pagination')}>
      <span className="adm-muted">{total === undefined ? t('table.pageShort', { from, to }) : t('table.page', { from, to, total })}</span>
      <div className="adm-actions">
        <button type="button" className="adm-btn adm-btn--sm" disabled={!hasPrevious} onClick={onPrevious}>
          {t('table.previous')}
        </button>
        <button type="button" className="adm-btn adm-btn--sm" disabled={!hasNext} onClick={onNext}>
          {t('table.next')}
        </button>
      </div>
    </nav>
  );
}

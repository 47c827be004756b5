import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

/** What can take focus inside a cell: its controls, in order. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="switch"], [role="checkbox"], [role="button"]';

/** Where focus is in the grid: a row, a cell of it, and a control of that cell (0 when the cell itself). */
interface Position {
  row: number;
  cell: number;
  stop: number;
}

const shown = (el: HTMLElement) => el.getClientRects().length > 0;

/** The cells of a row a user can see (columns hidden on phones leave the walk). */
function cellsOf(row: HTMLTableRowElement): HTMLTableCellElement[] {
  return Array.from(row.cells).filter(shown);
}

/** The focus stops of a cell: its enabled, visible controls, or the cell itself when it has none. */
function stopsOf(cell: HTMLTableCellElement): HTMLElement[] {
  const controls = Array.from(cell.querySelectorAll<HTMLElement>(CONTROLS)).filter(
    (el) => shown(el) && !(el as HTMLButtonElement).disabled && el.getAttribute('aria-disabled') !== 'true',
  );
  return controls.length ? controls : [cell];
}

/** Text fields keep their arrows, Home and End (editing text, picking an option). */
function ownsArrows(el: HTMLElement): boolean {
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || el.isContentEditable) return true;
  return el instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(el.type);
}

/**
 * The ARIA grid pattern (https://www.w3.org/WAI/ARIA/apg/patterns/grid/) for a `<table role="grid">`:
 * one Tab stop for the whole table (roving tabindex), arrows move between cells and, inside a cell
 * with several controls (a row's actions), Left and Right move between them; Home and End go to the
 * row's first and last, Ctrl+Home and Ctrl+End to the table's. A cell's one control takes focus
 * itself, so Enter and Space activate it as usual (Space also follows a link). The stops are read
 * from the DOM, so cells that render their own state (a switch turning busy, a row that appears)
 * need nothing from their columns; a drag handle that is carrying its row keeps the arrows.
 */
export function useGridKeys(table: RefObject<HTMLTableElement | null>) {
  const active = useRef<Position | null>(null);

  useEffect(() => {
    const el = table.current;
    if (!el) return undefined;
    // Gives the one stop tabindex 0 and every other stop -1; keeps the position inside the table as rows come and go.
    const sync = () => {
      const rows = Array.from(el.rows).filter((r) => cellsOf(r).length > 0);
      if (!rows.length) return;
      const bodyStart = rows.findIndex((r) => r.parentElement?.tagName === 'TBODY');
      const wanted = active.current ?? { row: bodyStart >= 0 ? bodyStart : 0, cell: 0, stop: 0 };
      const row = Math.min(wanted.row, rows.length - 1);
      const cells = cellsOf(rows[row] as HTMLTableRowElement);
      const cell = Math.min(wanted.cell, cells.length - 1);
      const stops = stopsOf(cells[cell] as HTMLTableCellElement);
      const stop = Math.min(wanted.stop, stops.length - 1);
      const current = stops[stop] as HTMLElement;
      for (const r of rows)
        for (const c of cellsOf(r)) {
          for (const s of stopsOf(c)) if (s !== current) s.tabIndex = -1;
          // A cell that gained controls is no longer a stop itself.
          if (!stopsOf(c).includes(c)) c.removeAttribute('tabindex');
        }
      current.tabIndex = 0;
    };
    sync();
    const observer = new MutationObserver(sync);
    observer.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'class', 'aria-disabled'] });
    // Columns hidden on phones change with the width.
    window.addEventListener('resize', sync);
    // A click (or a control focusing itself) moves the position there.
    const onFocusIn = (e: FocusEvent) => {
      const found = locate(el, e.target as HTMLElement);
      if (found) {
        active.current = found;
        sync();
      }
    };
    el.addEventListener('focusin', onFocusIn);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', sync);
      el.removeEventListener('focusin', onFocusIn);
    };
  }, [table]);

  /** The table's keydown handler. */
  return (e: KeyboardEvent<HTMLTableElement>) => {
    const el = table.current;
    const target = e.target as HTMLElement;
    if (!el || e.altKey || e.metaKey) return;
    // dnd-kit moves a picked-up row with the arrows.
    if (target.closest('[aria-pressed="true"][aria-roledescription]')) return;
    const at = locate(el, target);
    if (!at) return;
    if (e.key === ' ' && target instanceof HTMLAnchorElement) {
      e.preventDefault();
      target.click();
      return;
    }
    if (ownsArrows(target)) return;
    const rows = Array.from(el.rows).filter((r) => cellsOf(r).length > 0);
    const flat = (row: number) => cellsOf(rows[row] as HTMLTableRowElement).flatMap((c, cell) => stopsOf(c).map((_, stop) => ({ row, cell, stop })));
    const inRow = flat(at.row);
    const index = inRow.findIndex((p) => p.cell === at.cell && p.stop === at.stop);
    const vertical = (row: number): Position | undefined => {
      if (row < 0 || row >= rows.length) return undefined;
      const cells = cellsOf(rows[row] as HTMLTableRowElement);
      const cell = Math.min(at.cell, cells.length - 1);
      return { row, cell, stop: Math.min(at.stop, stopsOf(cells[cell] as HTMLTableCellElement).length - 1) };
    };
    let next: Position | undefined;
    if (e.key === 'ArrowRight') next = inRow[index + 1];
    else if (e.key === 'ArrowLeft') next = inRow[index - 1];
    else if (e.key === 'ArrowDown') next = vertical(at.row + 1);
    else if (e.key === 'ArrowUp') next = vertical(at.row - 1);
    else if (e.key === 'Home') next = e.ctrlKey ? flat(0)[0] : inRow[0];
    else if (e.key === 'End') next = e.ctrlKey ? flat(rows.length - 1).at(-1) : inRow.at(-1);
    else return;
    e.preventDefault();
    if (!next) return;
    const cells = cellsOf(rows[next.row] as HTMLTableRowElement);
    const stop = stopsOf(cells[next.cell] as HTMLTableCellElement)[next.stop];
    active.current = next;
    stop?.focus();
    stop?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
}

/** Which row, cell and stop an element inside the table is. */
function locate(table: HTMLTableElement, node: HTMLElement): Position | null {
  const cellEl = node.closest('td, th');
  if (!(cellEl instanceof HTMLTableCellElement) || !table.contains(cellEl)) return null;
  const rows = Array.from(table.rows).filter((r) => cellsOf(r).length > 0);
  const row = rows.indexOf(cellEl.parentElement as HTMLTableRowElement);
  const cell = cellsOf(cellEl.parentElement as HTMLTableRowElement).indexOf(cellEl);
  if (row < 0 || cell < 0) return null;
  const stop = Math.max(
    0,
    stopsOf(cellEl).findIndex((s) => s === node || s.contains(node)),
  );
  return { row, cell, stop };
}

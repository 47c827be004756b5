/**
 * Turns an audit entry's `from` and `to` values into rows a person can read: one block per item
 * (bulk entries hold lists of items, matched by `id`), one row per field, changed fields marked.
 */

/** One field of an item before and after. */
export interface DiffRow {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
  /** For a changed list of plain values: what was added and removed, or that only the order changed. */
  listChange?: { added: unknown[]; removed: unknown[]; reordered: boolean } | undefined;
}

/** One item of an entry. */
export interface DiffBlock {
  /** The item's id when its values carry one. */
  id: string | null;
  kind: 'created' | 'deleted' | 'changed';
  rows: DiffRow[];
}

type Plain = Record<string, unknown>;

const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const idOf = (v: unknown): string | null => (isPlain(v) && (typeof v['id'] === 'string' || typeof v['id'] === 'number') ? String(v['id']) : null);

function listChange(before: unknown, after: unknown): DiffRow['listChange'] {
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const all: unknown[] = [...(before as unknown[]), ...(after as unknown[])];
  if (!all.every((x) => typeof x !== 'object' || x === null)) return undefined;
  const b = new Set(before.map(String));
  const a = new Set(after.map(String));
  const added = after.filter((x) => !b.has(String(x)));
  const removed = before.filter((x) => !a.has(String(x)));
  return { added, removed, reordered: !added.length && !removed.length };
}

/** The rows of one item: every field either side has, `id` first, in the order the values list them. */
function rowsOf(before: unknown, after: unknown): DiffRow[] {
  if (!isPlain(before) && !isPlain(after)) {
    return [{ key: '', before, after, changed: !same(before, after), listChange: same(before, after) ? undefined : listChange(before, after) }];
  }
  const b = isPlain(before) ? before : {};
  const a = isPlain(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  keys.sort((x, y) => (x === 'id' ? -1 : y === 'id' ? 1 : 0));
  return keys.map((key) => {
    const changed = !same(b[key], a[key]);
    return { key, before: b[key] ?? null, after: a[key] ?? null, changed, listChange: changed ? listChange(b[key], a[key]) : undefined };
  });
}

function block(before: unknown, after: unknown): DiffBlock {
  const kind = before === null || before === undefined ? 'created' : after === null || after === undefined ? 'deleted' : 'changed';
  return { id: idOf(after) ?? idOf(before), kind, rows: rowsOf(before, after) };
}

/** The blocks of an entry: lists are matched item by item on `id` (then by position). */
export function auditDiff(from: unknown, to: unknown): DiffBlock[] {
  if (!Array.isArray(from) && !Array.isArray(to)) return [block(from, to)];
  const before = Array.isArray(from) ? (from as unknown[]) : from === null || from === undefined ? [] : [from];
  const after = Array.isArray(to) ? (to as unknown[]) : to === null || to === undefined ? [] : [to];
  const byId = new Map<string, unknown>();
  const unmatched: unknown[] = [];
  for (const item of after) {
    const id = idOf(item);
    if (id !== null && !byId.has(id)) byId.set(id, item);
    else unmatched.push(item);
  }
  const blocks: DiffBlock[] = [];
  for (const item of before) {
    const id = idOf(item);
    if (id !== null && byId.has(id)) {
      blocks.push(block(item, byId.get(id)));
      byId.delete(id);
    } else blocks.push(block(item, unmatched.shift() ?? null));
  }
  for (const item of [...byId.values(), ...unmatched]) blocks.push(block(null, item));
  return blocks;
}

/** The fields an entry changed, for its one-line summary. */
export function changedKeys(blocks: readonly DiffBlock[]): string[] {
  return [...new Set(blocks.flatMap((b) => b.rows.filter((r) => r.changed && r.key !== 'id' && r.key !== '').map((r) => r.key)))];
}

/** Most list items shown before '… and N more'. */
const LIST_PREVIEW = 8;

/** A value as text: empty for nothing, yes/no, lists joined, objects as compact JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (!value.length) return '(none)';
    const shown = value.slice(0, LIST_PREVIEW).map((v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)));
    return value.length > LIST_PREVIEW ? `${shown.join(', ')} … and ${value.length - LIST_PREVIEW} more` : shown.join(', ');
  }
  return JSON.stringify(value);
}

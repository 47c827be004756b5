/** Featured lists show higher priorities first; this is the gap left between neighbours when renumbering. */
const STEP = 10;
const MAX = 1_000_000;

/**
 * The priority changes that move `id` to index `to` of a list shown by priority (highest first):
 * one change when the neighbours leave room, else the list renumbered from its top down in steps
 * (only the rows whose priority differs are changed).
 */
export function priorityChanges(rows: readonly { id: string; priority: number }[], id: string, to: number): { id: string; priority: number }[] {
  const moving = rows.find((r) => r.id === id);
  if (!moving) return [];
  const order = rows.filter((r) => r.id !== id);
  const at = Math.max(0, Math.min(to, order.length));
  order.splice(at, 0, moving);
  const above = order[at - 1];
  const below = order[at + 1];
  const clamp = (p: number) => Math.max(-MAX, Math.min(MAX, p));
  let single: number | null = null;
  if (above && below && above.priority - below.priority >= 2) single = Math.floor((above.priority + below.priority) / 2);
  else if (!above && below) single = clamp(Math.max(below.priority + STEP, moving.priority));
  else if (above && !below) single = clamp(Math.min(above.priority - STEP, moving.priority));
  const strictly = (p: number) => (!above || p < above.priority) && (!below || p > below.priority);
  if (single !== null && strictly(single)) return single === moving.priority ? [] : [{ id, priority: single }];
  const top = clamp(Math.max(order[0]?.priority ?? 0, (order.length - 1) * STEP));
  return order.map((r, i) => ({ id: r.id, priority: top - i * STEP })).filter((c, i) => c.priority !== order[i]?.priority);
}

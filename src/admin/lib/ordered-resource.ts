import { arrayMove } from '@dnd-kit/sortable';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { requireParams } from '../../client/http.ts';
import type { BulkResult } from '../../domain/admin.ts';
import type { ActivateInput, IdList } from '../../domain/admin-inputs.ts';

/** A row of an ordered list: what the active toggle and the reorder need. */
export interface OrderedRow {
  id: string;
  isActive: boolean;
}

/** The API calls of an ordered resource, each a typed call of the one client (see {@link orderedResource}). */
export interface OrderedCalls<T> {
  /** The list in display order. */
  list: () => Promise<T[]>;
  /** Sets the active flag of the listed rows, all or nothing. */
  activate: (input: ActivateInput) => Promise<BulkResult>;
  /** Deletes the listed rows, all or nothing. */
  remove: (ids: IdList) => Promise<unknown>;
  /** Moves a row to a 0-based place; answers every row in the new order. Absent when the resource has no order to change. */
  reorder?: (move: Move) => Promise<T[]>;
}

/** Where an ordered resource lives in the API and in the query cache. */
export interface OrderedResourceDef<T> {
  /** The resource's calls. */
  calls: OrderedCalls<T>;
  /** The resource's query keys: `list()` holds the list, `all` is invalidated after any change. */
  keys: { all: QueryKey; list: () => QueryKey };
}

/** A move: the row and its new 0-based place. */
export interface Move {
  id: string;
  position: number;
}

/** The rows with the listed ones' active flag set. */
export const withActive = <T extends OrderedRow>(rows: T[], ids: readonly string[], active: boolean): T[] =>
  rows.map((r) => (ids.includes(r.id) ? { ...r, isActive: active } : r));

/** The rows with one moved to a 0-based place (unchanged when it is not there). */
export function moved<T extends { id: string }>(rows: T[], id: string, position: number): T[] {
  const from = rows.findIndex((r) => r.id === id);
  return from >= 0 ? arrayMove(rows, from, position) : rows;
}

/**
 * A mutation of an ordered list shown at once: the cached list (`keys.list()`) changed in
 * `onMutate`, the old one back if the call fails, the answer kept when it is the new list
 * (`answerIsList`), and `keys.all` invalidated once settled.
 */
export function useOptimisticList<T, I, R>(
  keys: { all: QueryKey; list: () => QueryKey },
  mutationFn: (input: I) => Promise<R>,
  change: (rows: T[], input: I) => T[],
  answerIsList = false,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (input: I) => {
      await client.cancelQueries({ queryKey: keys.list() });
      const before = client.getQueryData<T[]>(keys.list());
      client.setQueryData<T[]>(keys.list(), (rows) => rows && change(rows, input));
      return { before };
    },
    onSuccess: (answer: R) => {
      if (answerIsList) client.setQueryData(keys.list(), answer);
    },
    onError: (_error, _input, context) => client.setQueryData(keys.list(), context?.before),
    onSettled: () => client.invalidateQueries({ queryKey: keys.all }),
  });
}

/**
 * One implementation of what every ordered admin list does with its calls (banners, carousel slides,
 * featured tags): list, activate, delete and move rows. Each call is a fetcher and a hook; toggles
 * and moves show at once and roll back if the call fails, and every change invalidates the
 * resource's keys once settled.
 */
export function orderedResource<T extends OrderedRow>({ calls, keys }: OrderedResourceDef<T>) {
  const { list, activate } = calls;
  const remove = async (ids: IdList): Promise<void> => {
    await calls.remove(ids);
  };
  const reorder = (move: Move): Promise<T[]> => {
    requireParams('reorder', { id: move.id });
    return calls.reorder ? calls.reorder(move) : Promise.reject(new Error('This list has no order to change.'));
  };
  const query = () => queryOptions({ queryKey: keys.list(), queryFn: list });

  return {
    /** The fetcher of the list, in display order. */
    list,
    /** Query options of the list. */
    query,
    /** The list. */
    useList: () => useQuery(query()),
    /** The fetcher setting the active flag of the listed rows. */
    activate,
    /** Activates or deactivates rows. */
    useActivate: () => useOptimisticList(keys, activate, (rows: T[], { active, list: ids }: ActivateInput) => withActive(rows, ids, active)),
    /** The fetcher deleting the listed rows. */
    remove,
    /** Deletes rows and refreshes the resource. */
    useRemove: () => {
      const client = useQueryClient();
      return useMutation({ mutationFn: remove, onSettled: () => client.invalidateQueries({ queryKey: keys.all }) });
    },
    /** The fetcher moving a row. */
    reorder,
    /** Moves a row: the new order at once, the API's once it answers. */
    useReorder: () => useOptimisticList(keys, reorder, (rows: T[], { id, position }: Move) => moved(rows, id, position), true),
  };
}

/** The calls and hooks of one ordered resource (see {@link orderedResource}). */
export type OrderedResource<T extends OrderedRow> = ReturnType<typeof orderedResource<T>>;

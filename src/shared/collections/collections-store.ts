import { atom, map } from 'nanostores';
import { addToCollection, createCollection, deleteCollection, removeFromCollection, renameCollection } from '../../client/collection-edits.ts';
import { getFavoriteCollection, getMyCollections } from '../../client/collections.ts';
import { getUserCollections } from '../../client/users.ts';
import type { Collection } from '../../domain/collection.ts';
import type { UserCollectionInput } from '../../domain/user-inputs.ts';
import { browserHttp } from '../session/browser-http.ts';
import { $session } from '../session/session-store.ts';

/**
 * The signed-in user's collections as islands show them: mine (optionally marked for one space),
 * the favorites, and public lists by user. All three are caches of the current user: they clear
 * when the session changes (sign-out, another user), as spec 4 asks of sign-out.
 */

/** A list being loaded, loaded, or failed. */
export type Loadable<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; message: string };

/** My collections; `spaceId` says which space `withSelectedSpace` refers to. */
export const $myCollections = atom<Loadable<{ spaceId: string | null; items: Collection[] }>>({ status: 'idle' });
/** My favorites collection (null before I favorite anything), marked for `spaceId`. */
export const $favorites = atom<Loadable<{ spaceId: string | null; collection: Collection | null }>>({ status: 'idle' });
/** Public collections by user sid. */
export const $collectionsByUser = map<Record<string, Collection[]>>({});

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Bumped by every change: a load that started before a change drops its (older) answer. */
let version = 0;

/** Forgets every cached collection (mine, by user, favorites). */
export function clearCollections(): void {
  $myCollections.set({ status: 'idle' });
  $favorites.set({ status: 'idle' });
  $collectionsByUser.set({});
}

let sessionUser: string | null | undefined;
$session.listen((s) => {
  const id = s.status === 'ready' ? s.user.user_sid : null;
  if (sessionUser !== undefined && id !== sessionUser) clearCollections();
  sessionUser = id;
});

/** Loads my collections (up to 200), each saying whether it holds `spaceId`. */
export async function loadMyCollections(spaceId: string | null = null): Promise<void> {
  $myCollections.set({ status: 'loading' });
  const started = version;
  try {
    const page = await getMyCollections(browserHttp(), { limit: 200, ...(spaceId ? { spaceId } : {}) });
    if (started !== version) return loadMyCollections(spaceId);
    $myCollections.set({ status: 'ready', value: { spaceId, items: page.results } });
  } catch (e) {
    $myCollections.set({ status: 'error', message: message(e) });
  }
}

/** Loads my favorites, saying whether they hold `spaceId`. */
export async function loadFavorites(spaceId: string | null = null): Promise<void> {
  if ($favorites.get().status !== 'ready') $favorites.set({ status: 'loading' });
  const started = version;
  try {
    const collection = await getFavoriteCollection(browserHttp(), { childrenCount: 0, ...(spaceId ? { spaceId } : {}) });
    if (started !== version) return loadFavorites(spaceId);
    $favorites.set({ status: 'ready', value: { spaceId, collection } });
  } catch (e) {
    $favorites.set({ status: 'error', message: message(e) });
  }
}

/** Loads a user's public collections into the by-user cache. */
export async function loadUserCollections(userSid: string): Promise<Collection[]> {
  const page = await getUserCollections(browserHttp(), { userId: userSid, limit: 100 });
  $collectionsByUser.setKey(userSid, page.results);
  return page.results;
}

/** Puts a changed collection into the caches (keeping the marked space). */
function remember(changed: Collection): void {
  version++;
  const mine = $myCollections.get();
  if (mine.status === 'ready') {
    const items = mine.value.items.some((c) => c.id === changed.id)
      ? mine.value.items.map((c) => (c.id === changed.id ? changed : c))
      : [changed, ...mine.value.items];
    $myCollections.set({ status: 'ready', value: { ...mine.value, items } });
  }
  const fav = $favorites.get();
  if (changed.isFavorite && fav.status === 'ready') $favorites.set({ status: 'ready', value: { ...fav.value, collection: changed } });
}

/** Adds a space to (or removes it from) one of my collections. */
export async function setInCollection(collectionId: string, spaceId: string, inside: boolean): Promise<Collection> {
  const http = browserHttp();
  const changed = inside
    ? await addToCollection(http, { id: collectionId, itemId: spaceId })
    : await removeFromCollection(http, { id: collectionId, itemId: spaceId });
  remember(changed);
  return changed;
}

/** Favorites or unfavorites a space ('favorite' names my favorites collection; the API makes it on first use). */
export async function setFavorite(spaceId: string, favorite: boolean): Promise<void> {
  const changed = await setInCollection('favorite', spaceId, favorite);
  $favorites.set({ status: 'ready', value: { spaceId, collection: changed } });
}

/** Creates a collection (holding `spaceId`, when given) and lists it first among mine. */
export async function createMyCollection(input: UserCollectionInput, spaceId: string | null = null): Promise<Collection> {
  const created = await createCollection(browserHttp(), { ...input, ...(spaceId ? { children: [{ id: spaceId }] } : {}) });
  version++;
  const marked = spaceId ? { ...created, withSelectedSpace: true } : created;
  const mine = $myCollections.get();
  if (mine.status === 'ready') $myCollections.set({ status: 'ready', value: { ...mine.value, items: [marked, ...mine.value.items] } });
  return marked;
}

/** Renames one of my collections. */
export async function renameMyCollection(id: string, name: string): Promise<Collection> {
  const changed = await renameCollection(browserHttp(), { id, name });
  remember(changed);
  return changed;
}

/** Deletes one of my collections. */
export async function deleteMyCollection(id: string): Promise<void> {
  await deleteCollection(browserHttp(), { id });
  version++;
  const mine = $myCollections.get();
  if (mine.status === 'ready') $myCollections.set({ status: 'ready', value: { ...mine.value, items: mine.value.items.filter((c) => c.id !== id) } });
}

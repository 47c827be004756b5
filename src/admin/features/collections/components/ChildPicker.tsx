import type { ReactNode } from 'react';
import type { CollectionType } from '../../../../domain/collection.ts';
import { SearchPicker } from '../../../components/SearchPicker.tsx';
import { collectionSearchKey, searchCollectionsOfSpaces } from '../api/search-collections.ts';
import { searchSpaces, spacePickQuery } from '../api/search-spaces.ts';
import { t } from '../texts.ts';

/** A child as the editors list it: its id, name and one line about it. */
export interface ChildItem {
  id: string;
  name: string;
  detail: string;
  thumbnail: string | null;
}

/** Finds spaces (or, for a collection of collections, collections of spaces) to add; those already in are left out. */
export function ChildPicker({
  type,
  exclude,
  onPick,
  error,
}: {
  type: CollectionType;
  exclude: readonly string[];
  onPick: (item: ChildItem) => void;
  error?: string | undefined;
}) {
  if (type === 'COLLECTION') {
    return (
      <SearchPicker
        label={t('children.addCollection')}
        hint={t('children.pickCollectionHint')}
        error={error}
        queryKey={(text) => [...collectionSearchKey(text), exclude.length]}
        search={(text) => searchCollectionsOfSpaces(text, exclude)}
        getKey={(c) => c.id}
        getLabel={(c) => c.name}
        renderOption={(c) => <small className="adm-muted">{t('items', { count: c.childrenCount })}</small>}
        onPick={(c) => onPick({ id: c.id, name: c.name, detail: `${t('items', { count: c.childrenCount })} · ${c.sid}`, thumbnail: c.coverUrl })}
      />
    );
  }
  return (
    <SearchPicker
      label={t('children.addSpace')}
      hint={t('children.pickHint')}
      error={error}
      queryKey={(text) => [...spacePickQuery({ searchText: text, offset: 0, limit: 8 }).queryKey, exclude.length]}
      search={async (text) => (await searchSpaces({ searchText: text, offset: 0, limit: 8 })).results.filter((s) => !exclude.includes(s.id))}
      getKey={(s) => s.id}
      getLabel={(s) => s.name}
      renderOption={(s) => <small className="adm-muted">{[s.modelId, s.city, s.countryName].filter(Boolean).join(' · ')}</small>}
      onPick={(s) => onPick({ id: s.id, name: s.name, detail: [s.modelId, s.city, s.countryName].filter(Boolean).join(' · '), thumbnail: s.images.thumbnail })}
    />
  );
}

/** One child in an editor's list: thumbnail, name, detail and its controls. */
export function ChildRow({ item, children }: { item: ChildItem; children?: ReactNode }) {
  return (
    <div className="col-child">
      {item.thumbnail ? (
        <img className="adm-thumb" src={item.thumbnail} alt="" width={72} height={44} loading="lazy" />
      ) : (
        <span className="adm-thumb adm-thumb--empty" aria-hidden="true" />
      )}
      <span className="adm-cell-main__text col-child__text">
        <span>{item.name}</span>
        <small>{item.detail}</small>
      </span>
      <span className="adm-actions">{children}</span>
    </div>
  );
}

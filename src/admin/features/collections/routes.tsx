import type { RouteObject } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { AddToCollection } from './components/AddToCollection.tsx';
import { CollectionCreate } from './components/CollectionCreate.tsx';
import { CollectionEdit } from './components/CollectionEdit.tsx';
import { CollectionsList } from './components/CollectionsList.tsx';

/** Featured Collections: the list, 'Make Featured Collection', 'Add to Featured Collection' and 'Edit Featured Collection' (spec 2). */
export const collectionRoutes: RouteObject[] = [
  { path: PATHS.collections, element: <CollectionsList /> },
  { path: PATHS.collectionCreate, element: <CollectionCreate /> },
  { path: PATHS.collectionAdd, element: <AddToCollection /> },
  { path: `${PATHS.collections}/:collectionId`, element: <CollectionEdit /> },
];

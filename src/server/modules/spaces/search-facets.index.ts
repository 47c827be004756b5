import { createRouter } from '../../router.ts';
import * as h from './search-facets.handlers.ts';
import * as r from './search-facets.routes.ts';

/** A search's facets (tag, country and camera counts: the search page's chips) and its map points. */
export const searchFacetsRouter = () => createRouter().openapi(r.searchFacets, h.searchFacets).openapi(r.searchPoints, h.searchPoints);

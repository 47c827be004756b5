/** Children each collection page pre-renders; more load in the browser, this many at a time. */
export const COLLECTION_CHILDREN_PAGE = 24;
/** Account spaces page size and first page (spec 9). */
export const ACCOUNT_SPACES_PAGE = 12;
/** Spaces tag and camera pages pre-render before the results script (the API's search) takes over. */
export const LISTING_FIRST_PAGE = 24;

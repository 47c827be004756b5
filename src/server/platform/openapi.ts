/** The OpenAPI document's version and header: /api/docs/openapi.json and the /api/docs page both use it. */
export const OPENAPI_DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Discover API', version: '1', description: 'Content, session and admin API of the Discover portal.' },
};

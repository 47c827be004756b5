/** Query keys of the capture orders screens. */
export const orderKeys = {
  all: ['admin', 'capture-orders'] as const,
  list: (query: unknown) => [...orderKeys.all, 'list', query] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
};

/** Query keys of the technicians screens. */
export const technicianKeys = {
  all: ['admin', 'technicians'] as const,
  list: () => [...technicianKeys.all, 'list'] as const,
};

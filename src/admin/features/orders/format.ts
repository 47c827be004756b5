export { inZone } from '../../lib/zoned-time.ts';

/** Minor units as money ('$249.00'). */
export const money = (m: { amount: number; currency: string }) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: m.currency }).format(m.amount / 100);

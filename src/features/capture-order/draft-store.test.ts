import { describe, expect, it } from 'vitest';
import type { Order } from '../../domain/capture.ts';
import { EMPTY_DRAFT, reachableStep, type Draft } from './draft-store.ts';

/** A draft filled up to (and including) a step, with stand-in values: only presence matters. */
function filled(upTo: number): Draft {
  const any = {} as never;
  const steps: Partial<Draft>[] = [
    { address: { countryCode: 'US' }, checked: any },
    { property: { propertyType: 'RESIDENTIAL', unit: 'SQUARE_FT', spaces: [{ size: 1000 }] }, summary: any },
    { hold: any },
    { contact: any, checkedContact: any },
    { acceptTerms: true },
  ];
  return Object.assign({ ...EMPTY_DRAFT }, ...steps.slice(0, upTo)) as Draft;
}

describe('the place in the order flow', () => {
  it('opens a step only when the steps before it are done', () => {
    expect(reachableStep(EMPTY_DRAFT, 'review')).toBe('address');
    expect(reachableStep(filled(1), 'schedule')).toBe('property');
    expect(reachableStep(filled(3), 'checkout')).toBe('contact');
    expect(reachableStep(filled(5), 'checkout')).toBe('checkout');
  });

  it('goes back freely', () => {
    expect(reachableStep(filled(4), 'address')).toBe('address');
    expect(reachableStep(filled(4), 'property')).toBe('property');
  });

  it('reaches the summary only with a placed order, and then stays there', () => {
    expect(reachableStep(filled(5), 'summary')).toBe('checkout');
    const placed = { ...EMPTY_DRAFT, order: {} as Order };
    expect(reachableStep(placed, 'address')).toBe('summary');
  });
});

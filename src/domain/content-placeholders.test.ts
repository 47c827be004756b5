import { describe, expect, it } from 'vitest';
import { DELIVERY_HOURS } from './capture-rules.ts';
import { fillPlaceholders } from './content-placeholders.ts';

describe('fillPlaceholders', () => {
  it('writes the delivery promise from the one constant', () => {
    expect(fillPlaceholders('within {{deliveryHours}} hours, {{ deliveryHours }} again')).toBe(`within ${DELIVERY_HOURS} hours, ${DELIVERY_HOURS} again`);
  });
  it('leaves text without placeholders alone', () => {
    expect(fillPlaceholders('a {single} brace and {{}}')).toBe('a {single} brace and {{}}');
  });
  it('refuses an unknown name, so a typo fails the build', () => {
    expect(() => fillPlaceholders('{{deliveryHour}}')).toThrow(/Unknown placeholder \{\{deliveryHour\}\}/);
  });
});

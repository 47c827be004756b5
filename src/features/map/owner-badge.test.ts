import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import OwnerBadge from './OwnerBadge.tsx';

describe('the owner badge island on the server', () => {
  it('writes the same markup for every space of a locale, as its `ssrProps` tell the build (src/site/island-renderer.ts)', () => {
    expect(OwnerBadge.ssrProps).toEqual(['locale']);
    for (const locale of ['en', 'de']) {
      const pages = [
        { modelId: 'm1', organizationId: 'o1', visibility: 'PUBLIC' as const },
        { modelId: 'm2', organizationId: 'o2', visibility: 'UNLISTED' as const },
      ];
      const html = pages.map((props) => renderToString(createElement(OwnerBadge, { ...props, locale }), { identifierPrefix: 'i0' }));
      expect(html[1]).toBe(html[0]);
    }
  });
});

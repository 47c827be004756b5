import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import SpaceActions from './SpaceActions.tsx';

describe('the space actions island on the server', () => {
  it('writes the same markup for every space of a locale, as its `ssrProps` tell the build (src/site/island-renderer.ts)', () => {
    expect(SpaceActions.ssrProps).toEqual(['locale']);
    for (const locale of ['en', 'de']) {
      const pages = [
        { spaceId: 'a1', modelId: 'm1', name: 'The Hansen Residence' },
        { spaceId: 'b2', modelId: 'm2', name: 'Sunlit Apartment "on" <Calle> & Co' },
      ];
      const html = pages.map((props) => renderToString(createElement(SpaceActions, { ...props, locale }), { identifierPrefix: 'i0' }));
      expect(html[1]).toBe(html[0]);
    }
  });
});

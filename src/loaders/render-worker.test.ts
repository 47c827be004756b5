import { describe, expect, it } from 'vitest';
import { dependencyPath } from './render-worker.ts';

describe('dependencyPath', () => {
  it('names a page as the dependency map does, without its locale prefix', () => {
    expect(dependencyPath('/de/tag/museum')).toBe('/tag/museum');
    expect(dependencyPath('/space/abc/')).toBe('/space/abc');
    expect(dependencyPath('/de')).toBe('/');
  });

  it("counts the home page's tab panels, in every locale, as the home page", () => {
    expect(dependencyPath('/home-panel/ft1')).toBe('/');
    expect(dependencyPath('/de/home-panel/ft1/')).toBe('/');
  });
});

import { expect, test } from 'vitest';
import { BASE, href } from './paths.ts';

// Under vitest BASE_URL is '/'; the site's is '/discover/'.
test("links keep the site's URL shapes: base, encoded parameters, trailing slash, queries", () => {
  expect(href.home()).toBe(`${BASE}`);
  expect(href.home('ft 1')).toBe(`${BASE}?featuredTagId=ft%201`);
  expect(href.homePanel('ft1')).toBe(`${BASE}home-panel/ft1/`);
  expect(href.space('a/b')).toBe(`${BASE}space/a%2Fb/`);
  expect(href.relatedCollections('abc')).toBe(`${BASE}space/abc/related-collections/`);
  expect(href.collection('c1')).toBe(`${BASE}collection/c1/`);
  expect(href.search()).toBe(`${BASE}search/`);
  expect(href.search('a b')).toBe(`${BASE}search/?q=a%20b`);
  expect(href.tag('Luxury Homes')).toBe(`${BASE}tag/luxury-homes/`);
  expect(href.camera('mc300')).toBe(`${BASE}camera/mc300/`);
  expect(href.account('org')).toBe(`${BASE}account/org/`);
  expect(href.profile('ana')).toBe(`${BASE}profile/ana/`);
  expect(href.profileCollections('ana')).toBe(`${BASE}profile/ana/collections/`);
  expect(href.showcase('m1')).toBe(`${BASE}showcase/?m=m1`);
  expect(href.marketplace()).toBe(`${BASE}marketplace/`);
  expect(href.marketplace('?industry=x')).toBe(`${BASE}marketplace/?industry=x`);
  expect(href.marketplaceApp('app')).toBe(`${BASE}marketplace/app/app/`);
  expect(href.marketplaceCollection('col')).toBe(`${BASE}marketplace/collection/col/`);
  expect(href.allSpaces()).toBe(`${BASE}?featuredTagId=all`);
  expect(href.signIn('/discover/')).toBe('/auth/sign-in?target=%2Fdiscover%2F');
});

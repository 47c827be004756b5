import { describe, expect, test } from 'vitest';
import { isSocialLink, socialLinkUrl } from './social-links.ts';

describe('socialLinkUrl', () => {
  test('a handle, with or without @, becomes the network profile URL', () => {
    expect(socialLinkUrl('twitter', '@discover_3d')).toBe('https://twitter.com/discover_3d');
    expect(socialLinkUrl('twitter', ' discover_3d ')).toBe('https://twitter.com/discover_3d');
    expect(socialLinkUrl('instagram', '@jane.doe')).toBe('https://www.instagram.com/jane.doe');
    expect(socialLinkUrl('instagram', 'jane.doe')).toBe('https://www.instagram.com/jane.doe');
    expect(socialLinkUrl('facebook', 'DiscoverSpaces')).toBe('https://www.facebook.com/DiscoverSpaces');
    expect(socialLinkUrl('linkedin', 'jane-doe-42')).toBe('https://www.linkedin.com/in/jane-doe-42');
  });

  test('an address without a scheme gets https:// (spec 5); full addresses are kept as typed', () => {
    expect(socialLinkUrl('twitter', 'twitter.com/name')).toBe('https://twitter.com/name');
    expect(socialLinkUrl('twitter', 'x.com/name')).toBe('https://x.com/name');
    expect(socialLinkUrl('linkedin', 'www.linkedin.com/in/jane')).toBe('https://www.linkedin.com/in/jane');
    expect(socialLinkUrl('facebook', 'http://facebook.com/page')).toBe('http://facebook.com/page');
    expect(socialLinkUrl('instagram', 'https://www.instagram.com/jane/')).toBe('https://www.instagram.com/jane/');
    // Twitter and LinkedIn handles have no dot: a dotted word there is a web address.
    expect(socialLinkUrl('twitter', 'example.com')).toBe('https://example.com');
  });

  test('blank is nothing; what is neither a handle nor an http(s) address is refused', () => {
    expect(socialLinkUrl('twitter', '   ')).toBeUndefined();
    expect(socialLinkUrl('twitter', null)).toBeUndefined();
    expect(isSocialLink('twitter', '')).toBe(true);
    expect(isSocialLink('twitter', '@name')).toBe(true);
    expect(isSocialLink('twitter', 'twitter.com/name')).toBe(true);
    expect(isSocialLink('twitter', '@two words')).toBe(false);
    expect(isSocialLink('twitter', 'javascript:alert(1)')).toBe(false);
    expect(isSocialLink('facebook', 'ftp://facebook.com/x')).toBe(false);
    expect(isSocialLink('instagram', 'jane doe')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { ACCEPT_ALL, consentCookieDomain, parseConsent, readConsentCookie, serializeConsentCookie } from './consent.ts';

describe('consent cookie (spec 3, 9)', () => {
  it('stores the version 3 record with every attribute', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const cookie = serializeConsentCookie(ACCEPT_ALL, { hostname: 'discover.example.com', productDomain: 'discover.example.com', now });
    const [pair, ...attrs] = cookie.split('; ');
    expect(pair).toBe(
      `cookie_consent_v3=${encodeURIComponent('{"version":3,"strictlyNecessary":true,"custom":{"performance":true,"functionality":true,"targeting":true}}')}`,
    );
    expect(attrs).toEqual(['expires=Fri, 01 Jan 2027 00:00:00 GMT', 'path=/', 'domain=discover.example.com', 'SameSite=Lax', 'Secure']);
  });

  it('uses localhost on localhost hosts, the product domain on it and its subdomains, host-only elsewhere', () => {
    expect(consentCookieDomain('localhost', 'discover.example.com')).toBe('localhost');
    expect(consentCookieDomain('app.localhost', 'x.com')).toBe('localhost');
    expect(consentCookieDomain('www.discover.example.com', 'discover.example.com')).toBe('discover.example.com');
    expect(consentCookieDomain('preview.other.net', 'discover.example.com')).toBeUndefined();
  });

  it('reads the record back, and treats anything else as no consent', () => {
    const cookie = serializeConsentCookie(ACCEPT_ALL, { hostname: 'localhost', productDomain: 'localhost' }).split('; ')[0];
    expect(readConsentCookie(`a=1; ${cookie}; b=2`)).toEqual(ACCEPT_ALL);
    expect(parseConsent('{"version":2,"custom":{}}')).toBeNull();
    expect(parseConsent('not json')).toBeNull();
    expect(readConsentCookie('')).toBeNull();
  });
});

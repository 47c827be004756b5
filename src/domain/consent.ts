/**
 * The cookie consent record and its cookie (spec 3, 4, 9). Pure and framework-free: the consent
 * banner writes it, the analytics feature reads it in the browser, and the analytics collector
 * reads it from the request.
 */

/** Name of the consent cookie (spec 9). */
export const CONSENT_COOKIE = 'cookie_consent_v3';
/** Version stored in the record (spec 3). */
export const CONSENT_VERSION = 3;
/** How long the cookie lives (spec 9). */
export const CONSENT_MAX_AGE_DAYS = 365;

/** The optional cookie categories a visitor chooses. */
export interface ConsentChoices {
  performance: boolean;
  functionality: boolean;
  targeting: boolean;
}

/** The record kept in the cookie (spec 3): version 3, strictly necessary always true. */
export interface ConsentRecord {
  version: 3;
  strictlyNecessary: true;
  custom: ConsentChoices;
}

/** The choices before a visitor decides: the in-app consent flags default to false (spec 3). */
export const NO_CONSENT: ConsentChoices = { performance: false, functionality: false, targeting: false };

/** A record with these choices. */
export const consentRecord = (custom: ConsentChoices): ConsentRecord => ({ version: CONSENT_VERSION, strictlyNecessary: true, custom: { ...custom } });

/** What 'Accept all' saves (spec 4). */
export const ACCEPT_ALL: ConsentRecord = consentRecord({ performance: true, functionality: true, targeting: true });

/** Parses a cookie value into a record; anything else (old versions, garbage) is no consent. */
export function parseConsent(value: string | null | undefined): ConsentRecord | null {
  if (!value) return null;
  try {
    const data = JSON.parse(decodeURIComponent(value)) as Partial<ConsentRecord> | null;
    const c = data?.custom;
    if (!data || data.version !== CONSENT_VERSION || !c || typeof c !== 'object') return null;
    const bool = (v: unknown) => v === true;
    return consentRecord({ performance: bool(c.performance), functionality: bool(c.functionality), targeting: bool(c.targeting) });
  } catch {
    return null;
  }
}

/** The consent record from a `Cookie` header or `document.cookie`. */
export function readConsentCookie(cookieHeader: string | null | undefined): ConsentRecord | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === CONSENT_COOKIE) return parseConsent(part.slice(eq + 1).trim());
  }
  return null;
}

/**
 * The cookie's Domain (spec 9): `localhost` when the host contains localhost; otherwise the
 * product's own domain when the page is on it (or a subdomain of it). On any other host (a preview
 * or an IP address the product does not answer as) no Domain is set, so the cookie is host-only
 * and still works.
 */
export function consentCookieDomain(hostname: string, productDomain: string): string | undefined {
  const host = hostname.toLowerCase();
  const product = productDomain.toLowerCase().replace(/^\./, '');
  if (host.includes('localhost')) return 'localhost';
  if (product && (host === product || host.endsWith(`.${product}`))) return product;
  return undefined;
}

/**
 * The `Set-Cookie`-style string that stores a record (spec 9): JSON value, 365 days, path /,
 * SameSite=Lax, Secure, and the Domain rule above.
 */
export function serializeConsentCookie(record: ConsentRecord, options: { hostname: string; productDomain: string; now?: Date }): string {
  const expires = new Date((options.now ?? new Date()).getTime() + CONSENT_MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  const domain = consentCookieDomain(options.hostname, options.productDomain);
  return [
    `${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(record))}`,
    `expires=${expires.toUTCString()}`,
    'path=/',
    ...(domain ? [`domain=${domain}`] : []),
    'SameSite=Lax',
    'Secure',
  ].join('; ');
}

/* global cookie */
// CookieConsent.astro's script (its values: define:vars shape, src/site/inline-script.ts): the
// banner shows from the first paint when no consent cookie is set.
if (!document.cookie.split(';').some((c) => c.trim().startsWith(cookie + '='))) document.getElementById('cc-banner').hidden = false;

// PencilBanner.astro's script, before the first paint: a banner closed earlier in this session is
// not shown at all (no shift). Key prefix: pencil-banner.ts.
(function () {
  const a = document.querySelector('[data-pencil] > aside');
  try {
    if (a && sessionStorage.getItem('discover:banner-closed:' + a.getAttribute('data-banner-id')) === '1') a.remove();
  } catch {
    // No storage (private mode): the banner shows.
  }
})();

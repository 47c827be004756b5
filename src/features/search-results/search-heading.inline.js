// The search page's script after its heading (src/pages/search.astro): the heading and the header's
// search box name the query from the first paint (the results script keeps them in step later): they
// need no answer, and the heading never grows a line afterwards.
(() => {
  const h = document.currentScript.previousElementSibling;
  const q = (new URLSearchParams(location.search).get('q') || '').trim();
  if (!q) return;
  h.textContent = h.dataset.resultsFor.replace('{q}', q);
  document.title = `${h.textContent} | ${h.dataset.siteName}`;
  for (const input of document.querySelectorAll('form[data-search-form] input[name="q"]')) input.value = q;
})();

/* global widths, sizes, answerId, pageSize */
// FirstSearch.astro's script, in the page's head (its values: define:vars shape, src/site/inline-script.ts).
(() => {
  const p = new URLSearchParams(location.search);
  const q = (p.get('q') || '').trim();
  if (!q || [...p.keys()].some((k) => !['q', 'sort', 'view'].includes(k))) return;
  const sort = ['views', 'newest'].includes(p.get('sort')) ? p.get('sort') : 'relevance';
  const body = JSON.stringify({ searchText: q, tags: [], filters: [], sort, page: 1, pageSize });
  const base = (window.__DISCOVER_ENV__?.apiBase || '').replace(/\/+$/, '');
  const ask = (path) =>
    fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'include', body })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null);
  // The answer the server sent with the page (the same body's), else asked now. When it sent only
  // the first cards (the whole page did not fit TCP's first flight), they are drawn at once and
  // the whole page is asked now: `shown` is what the page draws first, `answer` the page's answer.
  const text = document.getElementById(answerId)?.textContent;
  const sent = text ? JSON.parse(text) : null;
  const whole = sent && sent.results.length >= Math.min(pageSize, sent.totalResults);
  const answer = whole ? Promise.resolve(sent) : ask('/api/content/space/search/');
  const shown = sent ? Promise.resolve(sent) : answer;
  // The facets (the chips) are asked once the first picture is in (ResultsPage.astro), so the
  // server answers the cards and their picture first.
  const first = { body, answer, shown, facets: null, drawn: false };
  first.askFacets = () => (first.facets ??= ask('/api/content/space/search/facets/'));
  window.__firstSearch = first;
  answer.then((a) => {
    // An answer sent with the page came with its picture's preload; so did a page sent with its preload alone.
    if (sent || document.querySelector('link[rel="preload"][as="image"]')) return;
    // The folder of the first card's picture (the sources of spaceSrcsets).
    const dir = /^(.*\/)\d+\.(?:webp|avif|jpe?g|png)$/.exec(a?.results?.[0]?.images?.cover ?? '')?.[1];
    if (!dir) return;
    const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', type: 'image/avif', fetchPriority: 'high' });
    link.setAttribute('imagesrcset', widths.map((w) => `${dir}${w}.avif ${w}w`).join(', '));
    link.setAttribute('imagesizes', sizes);
    document.head.append(link);
  });
})();

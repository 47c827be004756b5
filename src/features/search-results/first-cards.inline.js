/* global firstRow, sample */
// ResultsPage.astro's script after the grid (its values: define:vars shape, src/site/inline-script.ts).
// The first results do not wait for the page's modules: the answer FirstSearch.astro asked for
// in the head is drawn from the card template (spaceCardHtml) as soon as it is in; search-page.ts
// loads after it (it takes the drawn cards) so its chunks do not compete with the first picture.
(() => {
  const first = window.__firstSearch;
  if (!first) return;
  const root = document.querySelector('[data-results-page]');
  const grid = root.querySelector('[data-results]');
  const template = root.querySelector('template[data-card-template]');
  const dirOf = (card) => /^(.*\/)\d+\.(?:webp|avif|jpe?g|png)$/.exec(card?.images?.cover ?? '')?.[1];
  const draw = (a) => {
    if (!a || root.dataset.ready !== undefined || !a.results.every(dirOf)) return;
    const { views, count } = JSON.parse(root.dataset.strings);
    const lang = root.dataset.lang;
    const plural = (t, n) => (t[new Intl.PluralRules(lang).select(n)] ?? t.other).replace('{n}', new Intl.NumberFormat(lang).format(n));
    grid.replaceChildren(
      ...a.results.map((c, i) => {
        // Filled before it joins the page, so no sample address is ever fetched.
        const card = template.content.cloneNode(true);
        for (const s of card.querySelectorAll('source')) s.setAttribute('srcset', s.getAttribute('srcset').replaceAll(sample, dirOf(c)));
        const img = card.querySelector('img');
        img.setAttribute('src', img.getAttribute('src').replace(sample, dirOf(c)));
        img.setAttribute('width', String(c.images.width || 1200));
        img.setAttribute('height', String(c.images.height || 800));
        if (i >= firstRow) {
          img.setAttribute('loading', 'lazy');
          img.removeAttribute('fetchpriority');
        }
        const link = card.querySelector('a');
        link.setAttribute('href', link.getAttribute('href').replace('__id__', encodeURIComponent(c.modelId)));
        link.textContent = c.name;
        card.querySelector('.card__meta').textContent = [c.city, c.countryName].filter(Boolean).join(', ');
        const badge = card.querySelector('.card__badge');
        if (c.views) badge.lastChild.textContent = plural(views, c.views);
        else badge.remove();
        const li = document.createElement('li');
        li.append(card);
        return li;
      }),
    );
    root.querySelector('[data-summary]').textContent = plural(count, a.totalResults);
    grid.removeAttribute('aria-busy');
    first.drawn = true;
    // The modules wait for the first picture to load or fail (at most 3 s: a stalled picture).
    const img = grid.querySelector('img');
    if (!img || img.complete) return undefined;
    return new Promise((done) => {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
      setTimeout(done, 3000);
    });
  };
  first.settled = (first.shown ?? first.answer)
    .then(draw)
    .catch(() => undefined)
    .then(() => void first.askFacets());
})();

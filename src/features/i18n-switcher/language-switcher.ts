/**
 * The footer's language list in the browser: a chosen language keeps the page's query and hash, the
 * islands switch at once (the cookie banner re-renders, spec 4) while the new page loads, and the
 * list closes on Escape or a click outside it.
 */
export function startLanguageSwitcher(): void {
  for (const box of document.querySelectorAll<HTMLDetailsElement>('[data-lang-switcher]')) {
    for (const a of box.querySelectorAll<HTMLAnchorElement>('a[data-locale]')) {
      a.addEventListener('click', () => {
        a.href = a.pathname + location.search + location.hash;
        window.dispatchEvent(new CustomEvent('discover:language', { detail: { locale: a.dataset['locale'] } }));
      });
    }
    box.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && box.open) {
        box.open = false;
        box.querySelector('summary')?.focus();
      }
    });
    document.addEventListener('click', (e) => {
      if (box.open && !box.contains(e.target as Node)) box.open = false;
    });
  }
}

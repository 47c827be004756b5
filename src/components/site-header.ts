/**
 * The header's links and search form in the browser: "Sign in" and "Sign up" carry the page's whole
 * address as their `target` (the build knows the page's path; the browser also knows its query and
 * hash), and a search cannot be submitted while its text is empty (spec 2).
 */
export function startSiteHeader(): void {
  const target = location.pathname + location.search + location.hash;
  for (const a of document.querySelectorAll<HTMLAnchorElement>('a[data-auth-link]')) {
    const url = new URL(a.href);
    url.searchParams.set('target', target);
    a.href = url.pathname + url.search;
  }
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search-form]')) {
    const input = form.querySelector('input');
    const submit = form.querySelector('button');
    if (!input || !submit) continue;
    const sync = () => (submit.disabled = input.value.trim() === '');
    input.addEventListener('input', sync);
    sync();
    form.addEventListener('submit', (e) => {
      if (input.value.trim() === '') e.preventDefault();
    });
  }
}

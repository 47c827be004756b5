/**
 * Markup that repeats on every page of a locale, rendered once and reused (issue 26): the build
 * renders thousands of pages whose footer lists are the same. Kept per content object (the data
 * the markup is made from, so new content is rendered afresh) and key (the locale and whatever
 * else the markup depends on).
 */
const kept = new WeakMap<object, Map<string, Promise<string>>>();

/** The HTML `render` makes for `of` and `key`, rendered on the first call only. */
export function keptHtml(of: object, key: string, render: () => Promise<string>): Promise<string> {
  let byKey = kept.get(of);
  if (!byKey) kept.set(of, (byKey = new Map<string, Promise<string>>()));
  let html = byKey.get(key);
  if (!html) {
    html = render();
    byKey.set(key, html);
    // A failed render is not kept: the next page tries again (and fails the build the same way).
    html.catch(() => byKey.delete(key));
  }
  return html;
}

import { hasFlag } from '../../domain/session-rules.ts';
import { track } from '../../shared/site/events.ts';
import { searchTarget } from './search-target.ts';
import { sessionUser } from './session-user.ts';

/**
 * Submits a header search (spec 2, 7): resolves the camera shortcuts with the user's zaya (or pro3) flag,
 * fires the `search` analytics event { query, location, override } and goes to the target.
 * `location` names the control the search came from (header, header-mobile, header-popular…);
 * `override` is the camera page a shortcut redirected to, or null.
 */
export async function submitSearch(text: string, options: { locale: string; location: string }): Promise<boolean> {
  const user = await sessionUser();
  // 'pro 3' goes to its camera page with "a certain feature flag" (spec 2): zaya, the one spec flag
  // with no other use; the older `discover/pro3` keeps working.
  const target = searchTarget(text, { pro3Enabled: hasFlag(user, 'zaya') || hasFlag(user, 'pro3'), locale: options.locale });
  if (!target) return false;
  track('search', { query: text.trim(), location: options.location, override: target.override });
  window.location.assign(target.url);
  return true;
}

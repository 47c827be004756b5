import { useEffect } from 'react';
import { getCollection } from '../../client/collections.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { $session, loadSession, type SessionState } from '../../shared/session/session-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';

const LOADING: SessionState = { status: 'loading' };

/**
 * The owner of a collection sees it as they last saved it, also on the static page built before
 * the save: for its owner only, the page's name and description take the live values from the
 * API until the next publish makes them static (seconds later, for everyone). Renders nothing.
 */
export default function LiveCollection({ sid, ownerSid }: { sid: string; ownerSid: string | null }) {
  const session = useHydratedStore($session, LOADING);
  const owner = ownerSid !== null && session.status === 'ready' && session.user.user_sid === ownerSid;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (!owner) return;
    getCollection(browserHttp(), { id: sid, childrenCount: 0 }).then(
      (c) => {
        const head = document.querySelector('.page-head');
        const h1 = head?.querySelector('h1');
        if (h1 && h1.textContent !== c.name) h1.textContent = c.name;
        const lede = head?.querySelector('.page-head__lede');
        if (lede && c.description !== null && lede.textContent !== c.description) lede.textContent = c.description;
      },
      () => undefined,
    );
  }, [owner, sid]);
  return null;
}

import { useEffect, useState } from 'react';
import type { CurrentUser } from '../../domain/session.ts';
import { $session, requireSignedIn } from '../../shared/session/session-store.ts';

/** Where a signed-in-only page stands: the user, still asking (a guest is being sent to sign-in), or the session call failed. */
export type SignedIn = { status: 'loading' } | { status: 'ready'; user: CurrentUser } | { status: 'failed' };

/**
 * The signed-in user of an auth-only page (spec 2): a guest goes to sign-in with this page as the
 * target; a session call that fails leaves the page with an error to show instead of a spinner.
 */
export function useSignedIn(): SignedIn {
  const [state, setState] = useState<SignedIn>({ status: 'loading' });
  useEffect(() => {
    void requireSignedIn().then((user) => {
      if (user) setState({ status: 'ready', user });
      else if ($session.get().status === 'error') setState({ status: 'failed' });
    });
  }, []);
  return state;
}

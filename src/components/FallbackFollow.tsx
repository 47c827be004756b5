import { useEffect, useState } from 'react';
import { idFromPath } from '../features/fallback/FallbackPage.tsx';
import FollowButton from '../features/follow/FollowButton.tsx';

/**
 * The account fallback shell's Follow (or, for the account's own people, its follower count), as
 * the static account page has it: the shell is built once for every account, so the account id
 * comes from the URL once in the browser, and the count is the live one.
 */
export default function FallbackFollow({ locale }: { locale?: string }) {
  const [accountId, setAccountId] = useState<string | null>(null);
  useEffect(() => setAccountId(idFromPath('account', location.pathname)), []);
  return accountId ? <FollowButton accountId={accountId} followers={0} {...(locale ? { locale } : {})} /> : null;
}

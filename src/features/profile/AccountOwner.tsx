import { useEffect, useState, useMemo } from 'react';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { $session, loadSession, type SessionState } from '../../shared/session/session-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import { $profiles, idInPath, keyOf, loadProfile, showLiveHeader } from './profile-store.ts';
import type { Profile } from '../../domain/profile.ts';

const LOADING: SessionState = { status: 'loading' };
const NO_PROFILES: Record<string, Profile> = {};

/**
 * An account page's editing tools for whoever may edit it (an OWNER of the organization, or the
 * person of a personal account; the API checks the same): 'Edit profile', and with ?edit=true the
 * profile editor with live values.
 */
export default function AccountOwner({ accountId: idProp, locale }: { accountId?: string; locale?: string }) {
  // Without a prop (the fallback shell of a page not published yet), the id comes from the URL.
  const accountId = idProp ?? idInPath('account');
  const tr = useT(locale);
  const { t } = tr;
  const session = useHydratedStore($session, LOADING);
  const profiles = useHydratedStore($profiles, NO_PROFILES);
  const [editing] = useState(() => typeof location !== 'undefined' && new URLSearchParams(location.search).get('edit') === 'true');
  const [error, setError] = useState(false);
  const user = session.status === 'ready' ? session.user : null;
  const canEdit =
    !!user && (user.is_privileged || user.group_sid === accountId || user.memberships.some((m) => m.organization_sid === accountId && m.role === 'OWNER'));
  const owner = useMemo(() => ({ kind: 'account', accountId }) as const, [accountId]);
  useEffect(() => {
    void loadSession();
  }, []);
  // Whoever may edit the account sees it as last saved at once, also on the page built before the save.
  useEffect(() => {
    if (canEdit && !profiles[keyOf(owner)]) loadProfile(owner).catch(() => setError(true));
  }, [canEdit, profiles, owner]);
  const live = profiles[keyOf(owner)];
  useEffect(() => {
    if (canEdit && live) showLiveHeader(live);
  }, [canEdit, live]);
  if (!canEdit) return null;
  if (!editing) {
    return (
      <a className="btn btn-outline" href={`${href.account(accountId)}?edit=true`}>
        {t('user.menu.editProfile')}
      </a>
    );
  }
  const profile = profiles[keyOf(owner)];
  return (
    <section className="du-panel" aria-labelledby="du-edit-account-title">
      <h2 id="du-edit-account-title">{t('user.profile.editTitle')}</h2>
      <p className="du-hint">{t('user.profile.publishNote')}</p>
      {profile ? (
        <ProfileEditor owner={owner} profile={profile} tr={tr} doneHref={href.account(accountId)} />
      ) : error ? (
        <p className="du-error" role="alert">
          {t('user.error.generic')}
        </p>
      ) : (
        <p className="muted">{t('user.loading')}</p>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import type { Profile } from '../../domain/profile.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { $session, loadSession } from '../../shared/session/session-store.ts';
import { ProfileEditor } from './ProfileEditor.tsx';
import { $profiles, idInPath, loadProfile, showLiveHeader } from './profile-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { SessionState } from '../../shared/session/session-store.ts';

const LOADING: SessionState = { status: 'loading' };
const NO_PROFILES: Record<string, Profile> = {};

/**
 * The owner's tools on /profile/{userSid}: an 'Edit profile' link, and with ?edit=true the profile
 * editor with the live values (the static page above shows them after the next publish).
 */
export default function ProfileOwner({ userSid: sidProp, locale }: { userSid?: string; locale?: string }) {
  // Without a prop (the fallback shell of a page not published yet), the sid comes from the URL.
  const userSid = sidProp ?? idInPath('profile');
  const tr = useT(locale);
  const { t } = tr;
  const session = useHydratedStore($session, LOADING);
  const profiles = useHydratedStore($profiles, NO_PROFILES);
  const [editing] = useState(() => typeof location !== 'undefined' && new URLSearchParams(location.search).get('edit') === 'true');
  const [error, setError] = useState(false);
  const owner = session.status === 'ready' && session.user.user_sid === userSid;
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    // The owner sees the profile as saved at once, also on the static page before the next publish.
    if (owner && !profiles['me']) loadProfile({ kind: 'me' }).catch(() => setError(true));
  }, [owner, profiles]);
  const profile: Profile | undefined = profiles['me'];
  // After "Saved." the header above the editor, and the page later, show the values as saved.
  useEffect(() => {
    if (owner && profile) showLiveHeader(profile);
  }, [owner, profile]);
  if (!owner) return null;
  if (!editing) {
    return (
      <div className="container du-row" style={{ marginTop: 16 }}>
        <a className="btn btn-outline" href={`${href.profile(userSid)}?edit=true`}>
          {t('user.menu.editProfile')}
        </a>
        <a className="btn btn-ghost" href={href.profileCollections(userSid)}>
          {t('user.menu.collections')}
        </a>
      </div>
    );
  }
  return (
    <div className="container">
      <section className="du-panel" aria-labelledby="du-edit-title">
        <h2 id="du-edit-title">{t('user.profile.editTitle')}</h2>
        <p className="du-hint">{t('user.profile.publishNote')}</p>
        {profile ? (
          <ProfileEditor owner={{ kind: 'me' }} profile={profile} tr={tr} doneHref={href.profile(userSid)} />
        ) : error ? (
          <p className="du-error" role="alert">
            {t('user.error.generic')}
          </p>
        ) : (
          <p className="muted">{t('user.loading')}</p>
        )}
      </section>
    </div>
  );
}

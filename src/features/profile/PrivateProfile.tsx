import { useEffect, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { BASE, href } from '../../site/paths.ts';
import { hideAuthShell } from '../../shared/session/auth-shell.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { LiveProfileEditor } from './OwnerEditPanel.tsx';
import { $profiles, loadProfile } from './profile-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import type { Profile } from '../../domain/profile.ts';

const NO_PROFILES: Record<string, Profile> = {};

/**
 * /profile/private: the signed-in user's own profile, editable in place (auth-only: a guest is
 * sent to sign-in with this page as the target).
 */
export default function PrivateProfile({ locale }: { locale?: string }) {
  const tr = useT(locale);
  const { t } = tr;
  const profiles = useHydratedStore($profiles, NO_PROFILES);
  const [sid, setSid] = useState<string | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    void requireSignedIn().then((user) => {
      if (!user) return;
      setSid(user.user_sid);
      hideAuthShell();
      loadProfile({ kind: 'me' }).catch(() => setError(true));
    });
  }, []);
  const profile = profiles['me'];
  if (!sid) return null;
  return (
    <div className="container du-page du-page--wide">
      <header className="du-page__head du-page__head--row">
        <div>
          <p className="kicker">{t('shell.private.title')}</p>
          <h1 id="du-private-title">{profile ? profile.name : t('shell.private.title')}</h1>
        </div>
        <div className="du-row">
          <a className="btn btn-outline btn-sm" href={href.profile(sid)}>
            {t('user.profile.viewPublic')}
          </a>
          <a className="btn btn-ghost btn-sm" href={href.profileCollections(sid)}>
            {t('user.menu.collections')}
          </a>
          <a className="btn btn-ghost btn-sm" href={`${BASE}accounts/`}>
            {t('user.menu.organizations')}
          </a>
        </div>
      </header>
      <section className="du-panel" aria-label={t('user.profile.editTitle')}>
        <LiveProfileEditor owner={{ kind: 'me' }} profile={profile} error={error} tr={tr} preview="user" />
      </section>
    </div>
  );
}

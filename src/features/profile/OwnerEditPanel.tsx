import { useEffect, useState } from 'react';
import type { ProfileOwner } from '../../client/profile-edits.ts';
import type { Profile } from '../../domain/profile.ts';
import type { CurrentUser } from '../../domain/session.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { $session, loadSession, type SessionState } from '../../shared/session/session-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';
import { ProfileEditor, type Props as EditorProps } from './ProfileEditor.tsx';
import { $profiles, keyOf, loadProfile, showLiveHeader } from './profile-store.ts';

const LOADING: SessionState = { status: 'loading' };
const NO_PROFILES: Record<string, Profile> = {};

/**
 * The editing tools of a public profile page (a person's or an account's) for whoever may edit it:
 * whether they may (`mayEdit` of the signed-in user), whether the page is in edit mode
 * (`?edit=true`), and the live profile, loaded once they may edit and shown in the page header as
 * last saved (the static page may be older). `owner` must keep its identity between renders.
 */
export function useOwnerProfile(owner: ProfileOwner, mayEdit: (user: CurrentUser) => boolean) {
  const session = useHydratedStore($session, LOADING);
  const profiles = useHydratedStore($profiles, NO_PROFILES);
  const [editing] = useState(() => typeof location !== 'undefined' && new URLSearchParams(location.search).get('edit') === 'true');
  const [error, setError] = useState(false);
  const canEdit = session.status === 'ready' && mayEdit(session.user);
  const profile: Profile | undefined = profiles[keyOf(owner)];
  useEffect(() => {
    void loadSession();
  }, []);
  useEffect(() => {
    if (canEdit && !profile) loadProfile(owner).catch(() => setError(true));
  }, [canEdit, profile, owner]);
  useEffect(() => {
    if (canEdit && profile) showLiveHeader(profile);
  }, [canEdit, profile]);
  return { canEdit, editing, profile, error };
}

/** The profile editor once the live profile is there; until then 'Loading…', or the generic error if it could not be loaded. */
export function LiveProfileEditor({ profile, error, ...editor }: Omit<EditorProps, 'profile'> & { profile: Profile | undefined; error: boolean }) {
  const { t } = editor.tr;
  if (profile) return <ProfileEditor profile={profile} {...editor} />;
  return error ? (
    <p className="du-error" role="alert">
      {t('user.error.generic')}
    </p>
  ) : (
    <p className="muted">{t('user.loading')}</p>
  );
}

/** The edit panel of a public profile page: its title, the note that the page updates at the next publish, and the live editor. */
export function OwnerEditPanel({ titleId, ...editor }: Parameters<typeof LiveProfileEditor>[0] & { titleId: string; tr: Translator }) {
  const { t } = editor.tr;
  return (
    <section className="du-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('user.profile.editTitle')}</h2>
      <p className="du-hint">{t('user.profile.publishNote')}</p>
      <LiveProfileEditor {...editor} />
    </section>
  );
}

import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { OwnerEditPanel, useOwnerProfile } from './OwnerEditPanel.tsx';
import { idInPath } from './profile-store.ts';

const ME = { kind: 'me' } as const;

/**
 * The owner's tools on /profile/{userSid}: an 'Edit profile' link, and with ?edit=true the profile
 * editor with the live values (the static page above shows them after the next publish).
 */
export default function ProfileOwner({ userSid: sidProp, locale }: { userSid?: string; locale?: string }) {
  // Without a prop (the fallback shell of a page not published yet), the sid comes from the URL.
  const userSid = sidProp ?? idInPath('profile');
  const tr = useT(locale);
  const { t } = tr;
  const { canEdit, editing, profile, error } = useOwnerProfile(ME, (user: CurrentUser) => user.user_sid === userSid);
  if (!canEdit) return null;
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
      <OwnerEditPanel titleId="du-edit-title" owner={ME} profile={profile} error={error} tr={tr} doneHref={href.profile(userSid)} />
    </div>
  );
}

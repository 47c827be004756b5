import { useMemo } from 'react';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { OwnerEditPanel, useOwnerProfile } from './OwnerEditPanel.tsx';
import { idInPath } from './profile-store.ts';

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
  const owner = useMemo(() => ({ kind: 'account', accountId }) as const, [accountId]);
  const mayEdit = (user: CurrentUser) =>
    user.is_privileged || user.group_sid === accountId || user.memberships.some((m) => m.organization_sid === accountId && m.role === 'OWNER');
  const { canEdit, editing, profile, error } = useOwnerProfile(owner, mayEdit);
  if (!canEdit) return null;
  if (!editing) {
    return (
      <a className="btn btn-outline" href={`${href.account(accountId)}?edit=true`}>
        {t('user.menu.editProfile')}
      </a>
    );
  }
  return <OwnerEditPanel titleId="du-edit-account-title" owner={owner} profile={profile} error={error} tr={tr} doneHref={href.account(accountId)} />;
}

import { useEffect, useState } from 'react';
import { listAccountSpaces } from '../../client/accounts.ts';
import type { Visibility } from '../../domain/enums.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { useFlag } from '../../shared/flags.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { $user } from '../../shared/session/session-store.ts';
import { useStore } from '@nanostores/react';
import './flags.css';

/** Props of the owner's visibility badge. */
export interface Props {
  locale: string;
  modelId: string;
  /** The space's organization, when it has one (its members own it). */
  organizationId: string | null;
  visibility: Visibility;
}

/** Pages of the person's own spaces looked through (100 each) before giving up. */
const MAX_PAGES = 5;

/** Whether the user owns the space: a member of its organization, or it is among their own spaces. */
async function owns(user: CurrentUser, modelId: string, organizationId: string | null): Promise<boolean> {
  if (organizationId && user.memberships.some((m) => m.organization_sid === organizationId)) return true;
  for (let page = 0; page < MAX_PAGES; page++) {
    const found = await listAccountSpaces(browserHttp(), { accountId: user.group_sid, offset: page * 100, pageSize: 100 });
    if (found.results.some((s) => s.modelId === modelId)) return true;
    if ((page + 1) * 100 >= found.totalResults) return false;
  }
  return false;
}

function OwnerBadgeInner({ locale, modelId, organizationId, visibility }: Props) {
  const { t } = useT(locale);
  const enabled = useFlag('space_visibility_badge');
  const user = useStore($user);
  const [mine, setMine] = useState(false);
  useEffect(() => {
    if (!enabled || !user) return;
    let live = true;
    owns(user, modelId, organizationId).then(
      (yes) => live && setMine(yes),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [enabled, user, modelId, organizationId]);
  if (!enabled || !mine) return null;
  return (
    <span className={`visibility-badge visibility-badge--${visibility.toLowerCase()}`} title={t('visibility.hint')}>
      {t(`visibility.${visibility}`)}
    </span>
  );
}

/** `discover/space_visibility_badge`: the owner of a space sees whether it is PUBLIC, UNLISTED or PRIVATE. */
export default function OwnerBadge(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="Visibility badge">
      <OwnerBadgeInner {...props} />
    </IslandBoundary>
  );
}

/** The server renders nothing (no visitor is known yet): its markup reads the locale only (src/site/island-renderer.ts). */
OwnerBadge.ssrProps = ['locale'] as const;

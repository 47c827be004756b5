import { useEffect, useState } from 'react';
import { getAccountProfile } from '../../client/accounts.ts';
import type { Profile } from '../../domain/profile.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { hideAuthShell } from '../../shared/session/auth-shell.ts';
import './profile.css';

/** The role's string key. */
const roleKey = (role: string) => `user.accounts.role.${role === 'OWNER' ? 'owner' : role === 'BILLING' ? 'billing' : 'member'}` as const;

/**
 * /accounts (auth-only): the organizations the signed-in user belongs to, in a page-width column:
 * a title, then one card per organization (cover, picture, name, the user's role, place and space
 * count, its page, and 'Edit profile' for its owners).
 */
export default function MyAccounts({ locale }: { locale?: string }) {
  const { t } = useT(locale);
  const [user, setUser] = useState<CurrentUser | null>(null);
  const [profiles, setProfiles] = useState<Record<string, Profile>>({});
  useEffect(() => {
    void requireSignedIn().then(async (u) => {
      if (!u) return;
      setUser(u);
      hideAuthShell();
      const http = browserHttp();
      const loaded = await Promise.all(
        u.memberships.map((m) =>
          getAccountProfile(http, { accountId: m.organization_sid })
            .then((p) => [m.organization_sid, p] as const)
            .catch(() => null),
        ),
      );
      setProfiles(Object.fromEntries(loaded.filter((x): x is readonly [string, Profile] => x !== null)));
    });
  }, []);
  if (!user) return null;
  return (
    <div className="container du-page">
      <header className="du-page__head">
        <h1>{t('shell.accounts.title')}</h1>
        <p className="du-page__lede">{t('user.accounts.lede')}</p>
      </header>
      {user.memberships.length === 0 ? (
        <div className="empty-state">
          <p>{t('user.accounts.none')}</p>
        </div>
      ) : (
        <ul className="du-orgs">
          {user.memberships.map((m) => {
            const p = profiles[m.organization_sid];
            const page = href.account(m.organization_sid);
            return (
              <li key={m.organization_sid} className="du-org">
                <div className="du-org__cover">{p?.coverUrl && <img src={p.coverUrl} alt="" loading="lazy" />}</div>
                <div className="du-org__body">
                  {p?.photoUrl ? (
                    <img className="du-org__avatar" src={p.photoUrl} alt="" width="64" height="64" />
                  ) : (
                    <span className="du-org__avatar" aria-hidden="true">
                      {m.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <div className="du-org__text">
                    <h2>
                      <a href={page}>{m.name}</a>
                    </h2>
                    <p className="du-org__facts">
                      <span className={`du-chip${m.role === 'OWNER' ? ' du-chip--accent' : ''}`}>{t(roleKey(m.role))}</span>
                      {p && <span>{t('account.spaces.count', { count: p.spaceCount })}</span>}
                      {p?.location.description && <span>{p.location.description}</span>}
                    </p>
                    {p?.description && <p className="du-org__desc">{p.description}</p>}
                  </div>
                  <div className="du-org__actions">
                    <a className="btn btn-outline btn-sm" href={page} aria-label={`${t('user.accounts.view')}: ${m.name}`}>
                      {t('user.accounts.view')}
                    </a>
                    {m.role === 'OWNER' && (
                      <a className="btn btn-ghost btn-sm" href={`${page}?edit=true`} aria-label={`${t('user.menu.editProfile')}: ${m.name}`}>
                        {t('user.menu.editProfile')}
                      </a>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

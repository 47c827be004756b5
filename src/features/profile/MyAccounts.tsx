import { useEffect, useState } from 'react';
import { getAccountProfile } from '../../client/accounts.ts';
import type { Profile } from '../../domain/profile.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { href } from '../../site/paths.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { hideAuthShell } from '../../shared/session/auth-shell.ts';

/** /accounts (auth-only): the organizations the signed-in user belongs to. */
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
    <section className="container du-panel" aria-labelledby="du-accounts-title">
      <h2 id="du-accounts-title">{t('shell.accounts.title')}</h2>
      {user.memberships.length === 0 ? (
        <p className="muted">{t('user.accounts.none')}</p>
      ) : (
        <ul className="du-accounts">
          {user.memberships.map((m) => {
            const p = profiles[m.organization_sid];
            return (
              <li key={m.organization_sid}>
                <a href={href.account(m.organization_sid)}>
                  {p?.photoUrl ? (
                    <img src={p.photoUrl} alt="" width="48" height="48" />
                  ) : (
                    <span className="du-accounts__mono" aria-hidden="true">
                      {m.name.slice(0, 1).toUpperCase()}
                    </span>
                  )}
                  <span>
                    <strong>{m.name}</strong>
                    <small>
                      {t(`user.accounts.role.${m.role === 'OWNER' ? 'owner' : m.role === 'BILLING' ? 'billing' : 'member'}`)}
                      {p ? ` · ${t('account.spaces.count', { count: p.spaceCount })}` : ''}
                    </small>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

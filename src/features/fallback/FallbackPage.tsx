import { useEffect, useState, type ReactNode } from 'react';
import { getAccountProfile, getAccountSpaces } from '../../client/accounts.ts';
import { getCollection } from '../../client/collections.ts';
import { ResponseError } from '../../client/http.ts';
import { getUserCollections, getUserProfile } from '../../client/users.ts';
import type { Collection } from '../../domain/collection.ts';
import type { Profile } from '../../domain/profile.ts';
import { matchPage, type RenderFallbackType } from '../../domain/page-types.ts';
import type { SpaceCard } from '../../domain/space.ts';
import { fixUrl, isSafeHttpUrl } from '../../domain/urls.ts';
import { SOCIAL_MEDIA_KEYS } from '../../domain/user-rules.ts';
import { localizePath } from '../../i18n/locales.ts';
import { useT } from '../../i18n/island.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { href } from '../../site/paths.ts';
import { collectionCardHtml, spaceCardHtml, type CardI18n } from '../../shared/site/cards.ts';
import { Icon } from '../../shared/site/Icon.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { $myCollections } from '../../shared/collections/collections-store.ts';
import { $session, type SessionState } from '../../shared/session/session-store.ts';
import { useHydratedStore } from '../../shared/session/use-hydrated-store.ts';

/**
 * The page of content the API has but the served build does not yet (a collection created a
 * moment ago, a new person's profile, a new organization): the server answers its URL with this
 * shell (same layout, `noindex`), and this island renders the content from the API in the
 * browser, as the owner or anyone may see it now. The next publish puts the static page in its
 * place. Private content (a private collection) shows to its owner only: the API decides.
 */

/** Which page the shell stands in for: a page type of the registry with a `render` fallback. */
export type FallbackKind = RenderFallbackType;

/** The id in the page's URL (`/discover/de/collection/<sid>/` → sid), as the page registry reads it. */
export function idFromPath(kind: FallbackKind, pathname: string): string | null {
  const match = matchPage(pathname);
  return match?.type === kind ? (Object.values(match.params)[0] ?? null) : null;
}

type Loaded =
  | { kind: 'collection'; collection: Collection }
  | { kind: 'profile' | 'profileCollections'; profile: Profile; collections: Collection[]; total: number }
  | { kind: 'account'; profile: Profile; spaces: SpaceCard[]; total: number };

const LOADING: SessionState = { status: 'loading' };
const IDLE = { status: 'idle' } as const;

type State = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; value: Loaded };

/** One request per URL, shared by the islands of a shell (header and list of a profile load once). */
const loads = new Map<string, Promise<Loaded>>();

function load(kind: FallbackKind, id: string): Promise<Loaded> {
  const key = `${kind === 'profileCollections' ? 'profile' : kind}:${id}`;
  let p = loads.get(key);
  if (!p) {
    const http = browserHttp();
    p = (async (): Promise<Loaded> => {
      if (kind === 'collection') return { kind, collection: await getCollection(http, { id, childrenCount: 24, subchildrenCount: 3 }) };
      if (kind === 'account') {
        const [profile, spaces] = await Promise.all([getAccountProfile(http, { accountId: id }), getAccountSpaces(http, { accountId: id, limit: 24 })]);
        return { kind, profile, spaces: spaces.results, total: spaces.totalResults };
      }
      const [profile, collections] = await Promise.all([
        getUserProfile(http, { userId: id }),
        getUserCollections(http, { userId: id, childrenCount: 4, limit: 100 }),
      ]);
      return { kind, profile, collections: collections.results, total: collections.totalResults };
    })();
    loads.set(key, p);
  }
  return p;
}

const cardI18n = (tr: Translator): CardI18n => ({ ...tr, localize: (path: string) => localizePath(path, tr.locale) });

function SpaceCards({ spaces, tr, id }: { spaces: SpaceCard[]; tr: Translator; id?: string }) {
  const i18n = cardI18n(tr);
  return (
    <ul className="grid" id={id}>
      {spaces.map((s, i) => (
        <li
          key={s.id}
          dangerouslySetInnerHTML={{
            __html: spaceCardHtml(
              {
                modelId: s.modelId,
                name: s.name,
                place: [s.city, s.countryName].filter(Boolean).join(', '),
                image: s.images.cover,
                width: s.images.width,
                height: s.images.height,
                views: s.views,
              },
              i18n,
              { level: 'h2', priority: i === 0 },
            ),
          }}
        />
      ))}
    </ul>
  );
}

function CollectionCards({ collections, tr }: { collections: Collection[]; tr: Translator }) {
  const i18n = cardI18n(tr);
  return (
    <ul className="grid grid--collections">
      {collections.map((c) => (
        <li key={c.id} dangerouslySetInnerHTML={{ __html: collectionCardHtml(c, i18n) }} />
      ))}
    </ul>
  );
}

function Header({ profile, kind, facts, tr }: { profile: Profile; kind: 'account' | 'user'; facts: string[]; tr: Translator }) {
  const { t } = tr;
  const initials = profile.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  const avatarClass = `profile-head__avatar${kind === 'user' ? ' profile-head__avatar--round' : ''}`;
  const website = fixUrl(profile.url);
  const safeWebsite = website && isSafeHttpUrl(website) ? website : undefined;
  const socials = SOCIAL_MEDIA_KEYS.flatMap((key) => {
    const url = fixUrl(profile.socialMedia[key]);
    return url && isSafeHttpUrl(url) ? [{ key, url }] : [];
  });
  return (
    <>
      <div className="profile-cover">{profile.coverUrl && <img src={profile.coverUrl} alt="" width={1600} height={400} />}</div>
      <div className="container">
        <div className="profile-head">
          {profile.photoUrl ? (
            <img className={avatarClass} src={profile.photoUrl} alt={profile.name} width={140} height={140} />
          ) : (
            <div className={avatarClass} aria-hidden="true">
              {initials}
            </div>
          )}
          <div className="profile-head__main">
            <p className="kicker">{kind === 'account' ? t('account.kicker') : t('profile.kicker')}</p>
            <h1>{profile.name}</h1>
            <div className="profile-head__row">
              {profile.location.description && (
                <span>
                  <Icon name="pin" />
                  {profile.location.description}
                </span>
              )}
              {facts.map((f) => (
                <span key={f}>{f}</span>
              ))}
              {/* As ProfileHeader.astro: an account's follower count is in its follow row, a person's here. */}
              {kind === 'user' && profile.followers > 0 && <span>{t('account.followers', { count: profile.followers })}</span>}
              {safeWebsite && (
                <a href={safeWebsite} rel="noopener nofollow ugc external">
                  <Icon name="globe" />
                  {new URL(safeWebsite).host.replace(/^www\./, '')}
                </a>
              )}
            </div>
          </div>
        </div>
        {(profile.description || socials.length > 0 || profile.badges.length > 0) && (
          <div style={{ display: 'grid', gap: 18, marginTop: 20 }}>
            {profile.description && <p className="profile-head__desc">{profile.description}</p>}
            {socials.length > 0 && (
              <ul className="socials" aria-label={t('account.social')}>
                {socials.map((s) => (
                  <li key={s.key}>
                    <a href={s.url} rel="noopener nofollow ugc external" aria-label={t(`social.${s.key}`)}>
                      <Icon name={s.key} />
                    </a>
                  </li>
                ))}
              </ul>
            )}
            {profile.badges.length > 0 && (
              <ul className="badges" aria-label={t('account.badges')}>
                {profile.badges.map((b) => (
                  <li key={b.collectionId}>
                    <a className="badge" href={localizePath(href.collection(b.collectionId), tr.locale)} title={b.message}>
                      <Icon name="award" />
                      {b.collectionName}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
    </>
  );
}

function CollectionView({ c, tr }: { c: Collection; tr: Translator }) {
  const { t } = tr;
  const owner = c.userInfo;
  const ownerName = owner ? `${owner.firstName} ${owner.lastName}`.trim() || owner.username : undefined;
  const isSpaces = c.type === 'SPACE';
  const spaces = c.children.results.flatMap((ch) => (ch.space ? [ch.space] : []));
  const subs = c.children.results.flatMap((ch) => (ch.collection ? [ch.collection] : []));
  return (
    <>
      <header className="container page-head">
        <p className="kicker">{isSpaces ? t('card.spaces', { count: c.childrenCount }) : t('card.collections', { count: c.childrenCount })}</p>
        <h1>{c.name}</h1>
        {c.description && <p className="page-head__lede">{c.description}</p>}
        {ownerName && owner && (
          <p className="profile-head__row" style={{ marginTop: 14 }}>
            <a href={localizePath(href.profile(owner.userSid), tr.locale)}>{t('collection.by', { name: ownerName })}</a>
          </p>
        )}
      </header>
      <section className="section container" aria-label={isSpaces ? t('collection.children.spaces') : t('collection.children.collections')}>
        {c.children.results.length === 0 ? (
          <div className="empty-state">
            <p>{t('collection.empty')}</p>
            <a className="btn btn-primary" href={localizePath(href.allSpaces(), tr.locale)}>
              {t('notFound.link')}
            </a>
          </div>
        ) : isSpaces ? (
          <SpaceCards spaces={spaces} tr={tr} id="collection-children" />
        ) : (
          <ul className="grid grid--collections" id="collection-children">
            {subs.map((s) => (
              <li key={s.sid} dangerouslySetInnerHTML={{ __html: collectionCardHtml(s, cardI18n(tr)) }} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function NotFound({ tr }: { tr: Translator }) {
  const { t } = tr;
  return (
    <section className="not-found">
      <div className="not-found__inner">
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <a className="btn btn-primary" href={localizePath(href.allSpaces(), tr.locale)}>
          {t('notFound.link')}
        </a>
      </div>
    </section>
  );
}

/** The page title a loaded page gets, as the static page has it. */
function titleOf(value: Loaded, tr: Translator): string {
  if (value.kind === 'collection') return value.collection.metaTitle ?? tr.t('collection.title', { name: value.collection.name });
  if (value.kind === 'account') return tr.t('account.title', { name: value.profile.name });
  if (value.kind === 'profile') return tr.t('profile.title', { name: value.profile.name });
  return tr.t('profile.collections.title', { name: value.profile.name });
}

/**
 * Renders a page (or, with `part`, the part of it before or after the owner's tools, which the
 * shell places between them) from the API.
 */
export default function FallbackPage({ kind, locale, part = 'all' }: { kind: FallbackKind; locale?: string; part?: 'all' | 'head' | 'body' }) {
  const tr = useT(locale);
  const [state, setState] = useState<State>({ status: 'loading' });
  const session = useHydratedStore($session, LOADING);
  const mine = useHydratedStore($myCollections, IDLE);
  useEffect(() => {
    const id = idFromPath(kind, location.pathname);
    if (!id) return setState({ status: 'missing' });
    load(kind, id).then(
      (value) => {
        setState({ status: 'ready', value });
        if (part !== 'body') document.title = `${titleOf(value, tr)} | ${tr.t('site.name')}`;
      },
      (e: unknown) => setState({ status: e instanceof ResponseError && (e.status === 404 || e.status === 403) ? 'missing' : 'error' }),
    );
    // The id comes from the URL, which does not change while the page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind]);

  if (state.status === 'missing') return part === 'body' ? null : <NotFound tr={tr} />;
  if (state.status === 'error')
    return part === 'body' ? null : (
      <p className="container du-error" role="alert">
        {tr.t('user.error.generic')}
      </p>
    );
  if (state.status === 'loading')
    return part === 'body' ? null : (
      <p className="container muted" style={{ padding: '48px 0' }} aria-busy="true">
        {tr.t('user.loading')}
      </p>
    );
  const v = state.value;
  const { t } = tr;
  let head: ReactNode;
  let body: ReactNode = null;
  if (v.kind === 'collection') head = <CollectionView c={v.collection} tr={tr} />;
  else if (v.kind === 'account') {
    head = <Header profile={v.profile} kind="account" facts={[t('account.spaces.count', { count: v.total })]} tr={tr} />;
    body = (
      <section className="section container" aria-labelledby="account-spaces">
        <div className="section__head">
          <h2 id="account-spaces">{t('account.spaces')}</h2>
        </div>
        {v.spaces.length === 0 ? (
          <div className="empty-state">
            <p>{t('account.empty')}</p>
          </div>
        ) : (
          <SpaceCards spaces={v.spaces} tr={tr} />
        )}
      </section>
    );
  } else if (v.kind === 'profile') {
    head = <Header profile={v.profile} kind="user" facts={v.total > 0 ? [t('card.collections', { count: v.total })] : []} tr={tr} />;
    body = (
      <section className="section container" aria-labelledby="profile-collections">
        <div className="section__head">
          <h2 id="profile-collections">{t('profile.collections')}</h2>
          {v.total > 8 && (
            <a className="section__link" href={localizePath(href.profileCollections(v.profile.sid), tr.locale)}>
              {t('profile.collections.all')}
            </a>
          )}
        </div>
        {v.collections.length === 0 ? (
          <div className="empty-state">
            <p>{t('profile.collections.empty')}</p>
          </div>
        ) : (
          <CollectionCards collections={v.collections.slice(0, 8)} tr={tr} />
        )}
      </section>
    );
  } else {
    head = (
      <div className="container page-head">
        <a className="section__link" href={localizePath(href.profile(v.profile.sid), tr.locale)}>
          <Icon name="left" className="inline-icon" />
          {t('profile.back', { name: v.profile.name })}
        </a>
        <h1>{t('profile.collections.heading', { name: v.profile.name })}</h1>
      </div>
    );
    // As the static page: the owner's live list (MyCollections, above) replaces the public one, so nothing is listed twice.
    const urlId = typeof location === 'undefined' ? null : idFromPath(kind, location.pathname);
    const ownerListShown =
      session.status === 'ready' && (session.user.user_sid === v.profile.sid || session.user.user_sid === urlId) && mine.status === 'ready';
    body = (
      <section className="section container" aria-label={t('profile.collections')} data-public-collections hidden={ownerListShown}>
        {v.collections.length === 0 ? (
          <div className="empty-state">
            <p>{t('profile.collections.empty')}</p>
          </div>
        ) : (
          <CollectionCards collections={v.collections} tr={tr} />
        )}
      </section>
    );
  }
  if (part === 'head') return head;
  if (part === 'body') return body;
  return (
    <>
      {head}
      {body}
    </>
  );
}

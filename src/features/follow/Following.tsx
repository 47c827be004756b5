import { useEffect, useRef, useState } from 'react';
import { getFollowFeed } from '../../client/follows.ts';
import { getFollowedAccounts } from '../../client/users.ts';
// Types only: the schema module would bring zod into the island (+32 kB gzip).
import type { FeedItem } from '../../domain/following.ts';
import type { AccountSummary } from '../../domain/profile.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { useT } from '../../i18n/island.ts';
import { DEFAULT_LOCALE, localizePath } from '../../i18n/locales.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { hideAuthShell } from '../../shared/session/auth-shell.ts';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { requireSignedIn } from '../../shared/session/session-store.ts';
import { collectionCardHtml, spaceCardHtml, type CardI18n } from '../../shared/site/cards.ts';
import { href } from '../../site/paths.ts';
import { setFollowing } from './follow-store.ts';
import './following.css';

/** The feed as loaded so far. */
interface Feed {
  items: FeedItem[];
  total: number;
  next: number | null;
}

/** One feed item's card (the product's space or collection card) and who published it when. */
function FeedCard({ item, tr, date }: { item: FeedItem; tr: Translator; date: Intl.DateTimeFormat }) {
  const i18n: CardI18n = { ...tr, localize: (path) => localizePath(path, tr.locale) };
  const html =
    item.type === 'SPACE'
      ? spaceCardHtml(
          {
            modelId: item.space.modelId,
            name: item.space.name,
            place: [item.space.city, item.space.countryName].filter(Boolean).join(', '),
            image: item.space.images.cover,
            width: item.space.images.width,
            height: item.space.images.height,
            views: item.space.views,
          },
          i18n,
        )
      : collectionCardHtml(item.collection, i18n);
  return (
    <li className="du-feed__item">
      <div dangerouslySetInnerHTML={{ __html: html }} />
      <p className="du-feed__by">
        {tr.t(item.type === 'SPACE' ? 'following.feed.space' : 'following.feed.collection', {
          name: item.account.name,
          date: date.format(new Date(item.publishedAt)),
        })}
      </p>
    </li>
  );
}

/**
 * /following (auth-only): the accounts the signed-in user follows, each with Unfollow, and the
 * feed of what they published, newest first, a page at a time ("Load more").
 */
function Following({ locale }: { locale?: string | undefined }) {
  const tr = useT(locale);
  const { t } = tr;
  const [ready, setReady] = useState(false);
  const [accounts, setAccounts] = useState<AccountSummary[] | null>(null);
  const [feed, setFeed] = useState<Feed | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [status, setStatus] = useState('');
  const listHeading = useRef<HTMLHeadingElement>(null);
  const date = new Intl.DateTimeFormat(tr.lang, { dateStyle: 'medium' });
  const local = (path: string) => localizePath(path, tr.locale);

  const loadFeed = async (offset: number) => {
    // The API's page size (FEED_PAGE_SIZE) is the default.
    const page = await getFollowFeed(browserHttp(), { offset });
    setFeed((prev) => ({ items: [...(offset > 0 && prev ? prev.items : []), ...page.results], total: page.totalResults, next: page.nextOffset }));
    return page;
  };

  useEffect(() => {
    void requireSignedIn().then(async (user) => {
      if (!user) return;
      setReady(true);
      hideAuthShell();
      try {
        const [followed] = await Promise.all([getFollowedAccounts(browserHttp()), loadFeed(0)]);
        setAccounts(followed.accounts);
      } catch {
        setError(t('list.error'));
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- loads once, when the island mounts
  }, []);

  const unfollow = async (account: AccountSummary, index: number) => {
    setBusy(account.id);
    setStatus('');
    try {
      await setFollowing(account.id, false);
      const rest = (accounts ?? []).filter((a) => a.id !== account.id);
      setAccounts(rest);
      setStatus(t('following.unfollowed', { name: account.name }));
      // Focus goes to the next account's button (or the previous, or the list's heading), not to the page's start.
      const nextId = (rest[index] ?? rest[index - 1])?.id;
      requestAnimationFrame(() => {
        const next = nextId ? document.querySelector<HTMLButtonElement>(`[data-unfollow="${CSS.escape(nextId)}"]`) : null;
        (next ?? listHeading.current)?.focus();
      });
      // What they published leaves the feed.
      await loadFeed(0);
    } catch {
      setStatus(t('user.error.generic'));
    } finally {
      setBusy(null);
    }
  };

  const more = async () => {
    if (feed?.next == null) return;
    setLoadingMore(true);
    setStatus('');
    try {
      const page = await loadFeed(feed.next);
      setStatus(t('list.showing', { shown: feed.items.length + page.results.length, total: page.totalResults }));
    } catch {
      setStatus(t('list.error'));
    } finally {
      setLoadingMore(false);
    }
  };

  if (!ready) return null;
  return (
    <div className="container du-following">
      <header className="du-following__head">
        <h1>{t('shell.following.title')}</h1>
        <p className="muted">{t('following.lede')}</p>
      </header>
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {error && (
        <p className="du-error" role="alert">
          {error}
        </p>
      )}
      <div className="du-following__cols">
        <section className="du-following__accounts" aria-labelledby="du-following-accounts">
          <h2 id="du-following-accounts" ref={listHeading} tabIndex={-1}>
            {t('following.accounts.title')}
          </h2>
          {accounts === null ? (
            !error && <p className="muted">{t('list.loading')}</p>
          ) : accounts.length === 0 ? (
            <p className="muted">{t('following.accounts.none')}</p>
          ) : (
            <ul className="du-following__list">
              {accounts.map((a, index) => (
                <li key={a.id}>
                  <a href={local(href.account(a.id))} className="du-following__who">
                    {a.photoUrl ? (
                      <img src={a.photoUrl} alt="" width="44" height="44" />
                    ) : (
                      <span className="du-following__mono" aria-hidden="true">
                        {a.name.slice(0, 1).toUpperCase()}
                      </span>
                    )}
                    <span>
                      <strong>{a.name}</strong>
                      <small>{t('account.spaces.count', { count: a.spaceCount })}</small>
                    </span>
                  </a>
                  <button
                    type="button"
                    className="btn btn-outline du-following__unfollow"
                    data-unfollow={a.id}
                    aria-label={t('following.unfollowName', { name: a.name })}
                    disabled={busy !== null}
                    onClick={() => void unfollow(a, index)}
                  >
                    {t('following.unfollow')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="du-following__feed" aria-labelledby="du-following-feed">
          <h2 id="du-following-feed">{t('following.feed.title')}</h2>
          {feed === null ? (
            !error && <p className="muted">{t('list.loading')}</p>
          ) : feed.items.length === 0 ? (
            <p className="muted">{t('following.feed.empty')}</p>
          ) : (
            <>
              <ul className="grid du-feed">
                {feed.items.map((item) => (
                  <FeedCard key={`${item.type}:${item.type === 'SPACE' ? item.space.id : item.collection.id}`} item={item} tr={tr} date={date} />
                ))}
              </ul>
              {feed.next !== null && (
                <div className="load-more">
                  <button type="button" className="btn btn-outline" disabled={loadingMore} onClick={() => void more()}>
                    {loadingMore ? t('list.loading') : t('list.more')}
                  </button>
                  <p className="load-more__status">{t('list.showing', { shown: feed.items.length, total: feed.total })}</p>
                </div>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** The island, inside the error boundary every island has. */
export default function FollowingIsland(props: { locale?: string | undefined }) {
  return (
    <IslandBoundary locale={props.locale ?? DEFAULT_LOCALE} name="Following">
      <Following {...props} />
    </IslandBoundary>
  );
}

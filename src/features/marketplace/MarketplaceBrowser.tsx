import { useEffect, useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { AppCard, type AppCardData } from './AppCard.tsx';
import { filterQuery, isFiltered, matches, NO_FILTER, parseFilter, toggle, type AppFilter } from './filter.ts';
import './marketplace.css';

/** An app on the landing: its card and what the filters read. */
export interface BrowserApp extends AppCardData {
  industries: string[];
  features: string[];
  keywords: string[];
}

/** A filter term (industry or feature) with its label and how many apps have it. */
export interface Term {
  id: string;
  label: string;
  count: number;
}

/** Props of the landing's filter island. */
export interface Props {
  apps: BrowserApp[];
  industries: Term[];
  features: Term[];
  locale?: string;
}

/**
 * "All apps" on the marketplace landing: text search and industry / feature filters over the apps
 * the page was built with, reflected in the URL (`?q=…&industry=…&feature=…`, replaced in place so
 * the back button leaves the page) so a filtered view can be shared and reloads the same. The build
 * renders every app; the island hydrates on first use of the filters (a tick before then is held and
 * replayed by `client:interaction`; the text box is disabled until then) or at once for a filtered
 * link, so a shared filtered link applies without waiting for the visitor to touch the list.
 */
export default function MarketplaceBrowser(props: Props) {
  return (
    <IslandBoundary locale={props.locale ?? 'en'} name="Marketplace filters">
      <Browser {...props} />
    </IslandBoundary>
  );
}

function Browser({ apps, industries, features, locale }: Props) {
  const { t } = useT(locale);
  const id = useId();
  const [ready, setReady] = useState(false);
  const [filter, setFilter] = useState<AppFilter>(NO_FILTER);
  const known = useMemo(() => ({ industries: industries.map((x) => x.id), features: features.map((x) => x.id) }), [industries, features]);

  useEffect(() => {
    const read = () => setFilter(parseFilter(location.search, known));
    read();
    setReady(true);
    // A shared filtered link shows its results: bring "All apps" into view.
    if (isFiltered(parseFilter(location.search, known))) document.getElementById('mk-all')?.scrollIntoView();
    window.addEventListener('popstate', read);
    return () => window.removeEventListener('popstate', read);
  }, [known]);

  const update = (next: AppFilter) => {
    setFilter(next);
    const url = location.pathname + filterQuery(next) + location.hash;
    if (url !== location.pathname + location.search + location.hash) history.replaceState(history.state, '', url);
  };

  const shown = apps.filter((a) => matches(a, filter));
  const texts = { beta: t('marketplace.beta'), by: (name: string) => t('marketplace.by', { name }) };
  const group = (kind: 'industries' | 'features', legend: string, terms: Term[]) => (
    <fieldset className="mk-facet">
      <legend>{legend}</legend>
      <ul>
        {terms.map((term) => {
          const checked = filter[kind].includes(term.id);
          return (
            <li key={term.id}>
              <label className={`mk-toggle${checked ? ' mk-toggle--on' : ''}`}>
                <input type="checkbox" checked={checked} onChange={() => update({ ...filter, [kind]: toggle(filter[kind], term.id) })} />
                <span>{term.label}</span>
                <span className="mk-toggle__count" aria-hidden="true">
                  {term.count}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );

  return (
    <div className="mk-browse" data-ready={ready ? 'true' : 'false'}>
      <form className="mk-filters" role="search" aria-label={t('marketplace.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="mk-search">
          <label htmlFor={`${id}-q`}>{t('marketplace.search')}</label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={filter.q}
            disabled={!ready}
            placeholder={t('marketplace.searchPlaceholder')}
            autoComplete="off"
            onChange={(e) => update({ ...filter, q: e.currentTarget.value })}
          />
        </div>
        {group('industries', t('marketplace.industry'), industries)}
        {group('features', t('marketplace.feature'), features)}
        {isFiltered(filter) && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => update(NO_FILTER)}>
            {t('marketplace.clear')}
          </button>
        )}
      </form>
      <div className="mk-results">
        <p className="mk-results__count" role="status">
          {t('marketplace.results', { count: shown.length })}
        </p>
        {shown.length === 0 ? (
          <div className="empty-state mk-empty">
            <p>
              <strong>{t('marketplace.empty')}</strong>
            </p>
            <p className="muted">{t('marketplace.emptyHint')}</p>
            <button type="button" className="btn btn-primary" onClick={() => update(NO_FILTER)}>
              {t('marketplace.clear')}
            </button>
          </div>
        ) : (
          <ul className="mk-grid" id="marketplace-apps">
            {shown.map((app) => (
              <li key={app.slug}>
                <AppCard app={app} texts={texts} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

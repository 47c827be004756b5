import { useT } from '../../i18n/island.ts';
import { localizePath } from '../../i18n/locales.ts';
import { href } from '../../site/paths.ts';
import type { PagefindResultData } from './pagefind-client.ts';
import './app-results.css';

/** The initials of a partner without a logo (as the app page shows them). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2);

/** The marketplace apps matching a search (app pages carry `type:app` and name/summary/partner/logo meta). */
export function AppResults({ apps, query, locale }: { apps: PagefindResultData[]; query: string; locale: string | undefined }) {
  const { t, locale: current } = useT(locale);
  if (apps.length === 0) return null;
  return (
    <section className="app-results" aria-labelledby="app-results-label" data-app-results>
      <div className="app-results__head">
        <h3 id="app-results-label" className="app-results__title">
          {t('search.apps')}
        </h3>
        <a className="app-results__all" href={localizePath(href.marketplace(`?q=${encodeURIComponent(query)}`), current)}>
          {t('search.apps.all')}
        </a>
      </div>
      <ul className="app-results__list">
        {apps.map((a) => {
          const name = a.meta['name'] ?? a.meta['title'] ?? '';
          const partner = a.meta['partner'] ?? '';
          const logo = a.meta['logo'];
          return (
            <li key={a.url}>
              <a className="app-result" href={a.url}>
                {logo ? (
                  <img className="app-result__logo" src={logo} alt="" width="48" height="48" loading="lazy" />
                ) : (
                  <span className="app-result__logo app-result__logo--text" aria-hidden="true">
                    {initials(partner || name)}
                  </span>
                )}
                <span className="app-result__text">
                  <span className="app-result__name">{name}</span>
                  {partner && <span className="app-result__partner">{t('marketplace.by', { name: partner })}</span>}
                  {a.meta['summary'] && <span className="app-result__summary">{a.meta['summary']}</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

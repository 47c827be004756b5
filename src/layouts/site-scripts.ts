import '../features/consent/consent-banner.ts';
import { startPencilBanner } from '../features/banner/pencil-banner.ts';
import { startSiteHeader } from '../components/site-header.ts';
import { startHeaderSearch } from '../features/search/header-search.ts';
import { startCookieSettingsButtons } from '../features/consent/cookie-settings-button.ts';
import { startLanguageSwitcher } from '../features/i18n-switcher/language-switcher.ts';
import { startAnalytics } from '../features/analytics/analytics.ts';
import { startHydrationErrors } from '../shared/errors/hydration-errors.ts';

/*
 * What every page of the site runs (BaseLayout.astro's layout parts), as one module: one request and one chain
 * of imports instead of one per part, which on a slow connection competed with the page's largest picture.
 * In the order the parts appear on the page: the cookie banner, the pencil banner, the header's links and
 * search box, the footer's cookie settings and language list, then the page-view analytics (gated by consent) and the islands' load-error box.
 */
startPencilBanner();
startSiteHeader();
startHeaderSearch();
startCookieSettingsButtons();
startLanguageSwitcher();
startAnalytics();
startHydrationErrors();

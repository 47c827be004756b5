import { NavLink } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { t } from '../texts.ts';

const TABS = [
  { to: PATHS.marketplaceApps, label: t('tabs.apps') },
  { to: PATHS.marketplacePartners, label: t('tabs.partners') },
  { to: PATHS.marketplaceCollections, label: t('tabs.collections') },
  { to: PATHS.marketplaceLeads, label: t('tabs.leads') },
];

/** The Marketplace section's own navigation: apps, partners, collections, leads. */
export function MarketplaceTabs() {
  return (
    <nav className="adm-mk-tabs" aria-label={t('tabs.label')}>
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className={({ isActive }) => `adm-mk-tab${isActive ? ' adm-mk-tab--active' : ''}`}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

import type { Translator } from '../../i18n/i18n.ts';
import { pluralTemplates } from '../site/templates.ts';
import type { MapStrings } from './results-map.ts';

/** The map's strings in the page's locale, for a data attribute (build time). */
export function mapStrings(tr: Pick<Translator, 't' | 'lang'>, label: string): MapStrings {
  const { t, lang } = tr;
  return {
    label,
    zoomIn: t('map.zoomIn'),
    zoomOut: t('map.zoomOut'),
    cluster: pluralTemplates(lang, (count) => t('map.cluster', { spaces: t('card.spaces', { count }) })),
    views: pluralTemplates(lang, (count) => t('card.views', { count })),
    loading: t('map.loading'),
    error: t('map.error'),
    close: t('map.close'),
    listHeading: t('map.listHeading'),
  };
}

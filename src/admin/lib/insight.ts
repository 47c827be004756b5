import en from '../../../locales/en.json' with { type: 'json' };
import type { InsightTranslator } from '../../shared/insight/ViewsChart.tsx';
import { defineTexts } from './i18n.ts';

/**
 * The insight charts' texts in the console: the site's English `insight.*` strings (locales/en.json,
 * one source), registered in the console's own i18next instance, since its bundle cannot load the
 * site's locale chunks.
 */
const t = defineTexts('insight', Object.fromEntries(Object.entries(en).filter(([key]) => key.startsWith('insight.'))));
const numbers = new Intl.NumberFormat('en');

/** The translator the shared insight charts take, in English. */
export const insightTexts: InsightTranslator = { t: (key, vars) => t(key, vars), formatCount: (n) => numbers.format(n), lang: 'en' };

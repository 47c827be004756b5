import type { StringKey } from '../i18n/strings.ts';
import { BASE } from './paths.ts';

/** The company's own pages under the site (src/pages/{about,blog,press,faq,help,legal,pros,contact,feedback,nominate,manage}). */
export const COMPANY_PAGES = {
  about: `${BASE}about/`,
  blog: `${BASE}blog/`,
  press: `${BASE}press/`,
  faq: `${BASE}faq/`,
  help: `${BASE}help/`,
  pros: `${BASE}pros/`,
  contact: `${BASE}contact/`,
  feedback: `${BASE}feedback/`,
  nominate: `${BASE}nominate/`,
  manageSpaces: `${BASE}manage/`,
  terms: `${BASE}legal/terms/`,
  privacy: `${BASE}legal/privacy/`,
  cookies: `${BASE}legal/cookies/`,
} as const;

/** Company column (spec 2). */
export const COMPANY_LINKS: readonly { key: StringKey; href: string }[] = [
  { key: 'footer.company.about', href: COMPANY_PAGES.about },
  { key: 'footer.company.blog', href: COMPANY_PAGES.blog },
  { key: 'footer.company.press', href: COMPANY_PAGES.press },
  { key: 'footer.company.faq', href: COMPANY_PAGES.faq },
  { key: 'footer.company.help', href: COMPANY_PAGES.help },
  { key: 'footer.company.pro', href: COMPANY_PAGES.pros },
  { key: 'footer.company.contact', href: COMPANY_PAGES.contact },
];

/** Legal links of the footer (spec 2). */
export const LEGAL_LINKS: readonly { key: StringKey; href: string }[] = [
  { key: 'footer.terms', href: COMPANY_PAGES.terms },
  { key: 'footer.privacy', href: COMPANY_PAGES.privacy },
  { key: 'footer.cookies', href: COMPANY_PAGES.cookies },
];

/** The popular searches block (spec 2): exactly these three queries; the query itself stays English, the content's language. */
export const POPULAR_SEARCHES: readonly StringKey[] = ['popular.museums', 'popular.luxuryHomes', 'popular.coolPlaces'];

/** The four community networks of the footer (spec 2). */
export const SOCIAL_LINKS = [
  { network: 'twitter', key: 'footer.social.twitter', href: 'https://x.com/discover3d' },
  { network: 'facebook', key: 'footer.social.facebook', href: 'https://www.facebook.com/discover3d' },
  { network: 'linkedin', key: 'footer.social.linkedin', href: 'https://www.linkedin.com/company/discover3d' },
  { network: 'instagram', key: 'footer.social.instagram', href: 'https://www.instagram.com/discover3d' },
] as const satisfies readonly { network: string; key: StringKey; href: string }[];

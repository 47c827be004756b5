import type { StringKey } from '../i18n/strings.ts';

/**
 * Links the footer points outside the portal. The company site and social accounts are not part
 * of this product; these are the one place to change them.
 */
const COMPANY_SITE = 'https://company.discover.example';

/** Company column (spec 2). */
export const COMPANY_LINKS: readonly { key: StringKey; href: string }[] = [
  { key: 'footer.company.about', href: `${COMPANY_SITE}/about` },
  { key: 'footer.company.blog', href: `${COMPANY_SITE}/blog` },
  { key: 'footer.company.press', href: `${COMPANY_SITE}/press` },
  { key: 'footer.company.faq', href: `${COMPANY_SITE}/faq` },
  { key: 'footer.company.help', href: `${COMPANY_SITE}/support` },
  { key: 'footer.company.pro', href: `${COMPANY_SITE}/find-a-pro` },
  { key: 'footer.company.contact', href: `${COMPANY_SITE}/contact` },
];

/** Legal links of the footer (spec 2). */
export const LEGAL_LINKS: readonly { key: StringKey; href: string }[] = [
  { key: 'footer.terms', href: `${COMPANY_SITE}/legal/terms` },
  { key: 'footer.privacy', href: `${COMPANY_SITE}/legal/privacy` },
  { key: 'footer.cookies', href: `${COMPANY_SITE}/legal/cookies` },
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

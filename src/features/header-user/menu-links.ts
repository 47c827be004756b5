import { COMPANY_PAGES } from '../../site/links.ts';

/** The account menu's company destinations (spec 2): pages of the product, listed in one place (src/site/links.ts). */
export const COMPANY_SITE_LINKS = {
  manageSpaces: COMPANY_PAGES.manageSpaces,
  blog: COMPANY_PAGES.blog,
  nominate: COMPANY_PAGES.nominate,
  feedback: COMPANY_PAGES.feedback,
  help: COMPANY_PAGES.help,
} as const;

/**
 * Where the account menu's outside links go (spec 2: Manage spaces is external). The company site
 * and the capture platform are not part of this product; this is the one place to change them.
 */
const COMPANY_SITE = 'https://company.discover.example';

/** The account menu's external destinations. */
export const COMPANY_SITE_LINKS = {
  manageSpaces: 'https://capture.discover.example/spaces',
  blog: `${COMPANY_SITE}/blog`,
  nominate: `${COMPANY_SITE}/nominate-a-space`,
  feedback: `${COMPANY_SITE}/feedback`,
  help: `${COMPANY_SITE}/support`,
} as const;

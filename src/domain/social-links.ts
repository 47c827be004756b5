import { fixUrl } from './urls.ts';
import { isProfileLink, type SocialMediaKey } from './user-rules.ts';

/**
 * What people type into a profile's social fields (issue 27): a full URL, a URL without a scheme
 * (`twitter.com/name`: https:// is prepended, spec 5), or just their handle (`@name` or `name`),
 * which becomes the network's profile URL. Spec 3 names the networks twitter, facebook, linkedin and
 * instagram, so a Twitter handle links to twitter.com (x.com links typed in full are kept as typed).
 */

/** Where each network's profiles live: the handle is appended. */
export const SOCIAL_PROFILE_BASE: Record<SocialMediaKey, string> = {
  twitter: 'https://twitter.com/',
  facebook: 'https://www.facebook.com/',
  linkedin: 'https://www.linkedin.com/in/',
  instagram: 'https://www.instagram.com/',
};

// The characters each network allows in a handle. Twitter and LinkedIn handles have no dot, so
// `example.com` typed there is a web address; an Instagram or Facebook handle may have one
// (`jane.doe`), so a bare word with dots in those fields is taken as a handle.
const HANDLE: Record<SocialMediaKey, RegExp> = {
  twitter: /^[A-Za-z0-9_]{1,50}$/,
  facebook: /^[A-Za-z0-9.]{1,50}$/,
  linkedin: /^[A-Za-z0-9-]{1,100}$/,
  instagram: /^[A-Za-z0-9._]{1,50}$/,
};

/**
 * The stored form of a social link: undefined when blank; a handle, with or without `@`, as the
 * network's profile URL; anything else as a URL with https:// prepended when it has no scheme.
 */
export function socialLinkUrl(network: SocialMediaKey, input: string | null | undefined): string | undefined {
  const v = (input ?? '').trim();
  if (!v) return undefined;
  const handle = v.startsWith('@') ? v.slice(1) : v;
  if (HANDLE[network].test(handle)) return `${SOCIAL_PROFILE_BASE[network]}${handle}`;
  return fixUrl(v);
}

/** Whether a social field's text can be stored: blank, a handle, or an http(s) address with a dotted host. */
export const isSocialLink = (network: SocialMediaKey, input: string | null | undefined): boolean => isProfileLink(socialLinkUrl(network, input));

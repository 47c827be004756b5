import { ComingSoon } from '../../../app/ComingSoon.tsx';

/** Placeholder while the screen is built. */
export function FeaturedTagsList() {
  return <ComingSoon title="FeaturedTagsList" />;
}

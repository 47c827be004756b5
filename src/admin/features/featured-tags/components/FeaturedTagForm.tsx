import { ComingSoon } from '../../../app/ComingSoon.tsx';

/** Placeholder while the screen is built. */
export function FeaturedTagForm() {
  return <ComingSoon title="FeaturedTagForm" />;
}

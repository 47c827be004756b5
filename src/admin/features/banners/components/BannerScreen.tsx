import { ComingSoon } from '../../../app/ComingSoon.tsx';

/** Placeholder while the screen is built. */
export function BannerScreen() {
  return <ComingSoon title="BannerScreen" />;
}

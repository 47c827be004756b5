import { ComingSoon } from '../../../app/ComingSoon.tsx';

/** Placeholder while the screen is built. */
export function CarouselList() {
  return <ComingSoon title="CarouselList" />;
}

import { ComingSoon } from '../../../app/ComingSoon.tsx';

/** Placeholder while the screen is built. */
export function CarouselForm() {
  return <ComingSoon title="CarouselForm" />;
}

import { useEffect, useState } from 'react';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { Icon } from '../../shared/site/Icon.tsx';
import './scroll-top.css';

/** The button shows after scrolling past this many window heights (spec 2, 9). */
export const SCROLL_TOP_THRESHOLD = 1.5;

/** Props of the island. */
export interface Props {
  locale: string;
}

/** 'Scroll to top' (spec 2): appears past 1.5 × the window height. */
function ScrollTop({ locale }: Props) {
  const { t } = useT(locale);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      setVisible(window.scrollY > SCROLL_TOP_THRESHOLD * window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  if (!visible) return null;
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // The button disappears at the top: keyboard users continue from the start of the page.
    document.querySelector<HTMLElement>('.skip-link, .site-header a')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="scroll-top" onClick={toTop} aria-label={t('scrollTop.label')} title={t('scrollTop.label')}>
      <Icon d="M12 19V5M6 11l6-6 6 6" strokeWidth={2} />
    </button>
  );
}

/** The island. */
export default function ScrollTopIsland(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="ScrollTop">
      <ScrollTop {...props} />
    </IslandBoundary>
  );
}

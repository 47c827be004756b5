import { useEffect, useState } from 'react';
import { createHttp } from '../../client/http.ts';
import { listBanners } from '../../client/banners.ts';
import type { Banner } from '../../domain/homepage.ts';
import { linkHref } from '../../domain/urls.ts';
import { useT } from '../../i18n/island.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { bannerColors } from '../../domain/banner-color.ts';
import './pencil-banner.css';

/** Props of the banner island. */
export interface Props {
  locale: string;
}

const http = createHttp({ baseUrl: '' });
/** sessionStorage key of a banner the visitor closed (closed for the session, spec 2). */
const closedKey = (id: string) => `discover:banner-closed:${id}`;

function wasClosed(id: string): boolean {
  try {
    return sessionStorage.getItem(closedKey(id)) === '1';
  } catch {
    return false;
  }
}

/** A hyperlink as an href: site paths stay, others get https:// when they lack a scheme (spec 5). */
function linkOf(hyperlink: string | null): string | undefined {
  return linkHref(hyperlink);
}

/**
 * The pencil banner above the page (spec 2): the first banner of the list, read at run time so an
 * admin's change shows without a rebuild. Hidden without text; closable for the session when
 * isHideable; with a hyperlink, the text is the link (descriptive link text, issue 15; the spec's 'here' was not).
 */
function PencilBanner({ locale }: Props) {
  const { t } = useT(locale);
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    let live = true;
    listBanners(http)
      .then((list) => {
        const first = list[0];
        if (live && first && first.text.trim() && !wasClosed(first.id)) setBanner(first);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!banner) return null;
  const { background, text } = bannerColors(banner.color);
  const link = linkOf(banner.hyperlink);
  const close = () => {
    try {
      sessionStorage.setItem(closedKey(banner.id), '1');
    } catch {
      // Private mode without storage: the banner still closes for this page.
    }
    setBanner(null);
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <aside className="pencil" aria-label={t('banner.label')} style={{ background, color: text }} data-banner-id={banner.id}>
      <div className="container pencil__inner">
        <p className="pencil__text">
          {/* The banner's own words are the link (issue 15: a link named 'here' says nothing out of context; Lighthouse SEO link-text). */}
          {link ? (
            <a href={link} style={{ color: text }}>
              {banner.text}
            </a>
          ) : (
            banner.text
          )}
        </p>
        {banner.isHideable && (
          <button type="button" className="pencil__close" aria-label={t('banner.close')} onClick={close} style={{ color: text }}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        )}
      </div>
    </aside>
  );
}

/** The island. */
export default function PencilBannerIsland(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="PencilBanner">
      <PencilBanner {...props} />
    </IslandBoundary>
  );
}

import { useEffect, useId, useState } from 'react';
import { DEFAULT_EMBED_SIZE, EMBED_SIZES, playerEmbedHtml, playerUrl, TOUR_VIEW_EVENT } from '../../domain/embed.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { DEFAULT_SHOWCASE_TEMPLATE } from '../../site/paths.ts';
import { ModalHead } from '../../shared/modals/Dialog.tsx';
import { pageAddress, type ModalContext } from '../../shared/modals/modal-store.ts';
import './share-modal.css';

/** The player's URL for a space (/env.js/ may override the template), in the page's language. */
function showcaseUrl(modelId: string): string {
  const env = (window as unknown as { __DISCOVER_ENV__?: { showcaseUrlTemplate?: string } }).__DISCOVER_ENV__;
  return playerUrl(env?.showcaseUrlTemplate || DEFAULT_SHOWCASE_TEMPLATE, modelId, location.origin, document.documentElement.lang);
}

/**
 * The space the page shows, from its markup (`data-page-space`): #share in the address opens the
 * dialog before the space's actions island has hydrated and registered it.
 */
function pageSpace(): { modelId: string; name: string } | null {
  const el = document.querySelector<HTMLElement>('[data-page-space]');
  const modelId = el?.dataset['pageSpace'];
  return modelId ? { modelId, name: el.dataset['pageSpaceName'] ?? '' } : null;
}

/** The link to the view the page's 3D player last reported (TourFacade keeps it), following new reports. */
function useTourView(): string | null {
  const [url, setUrl] = useState<string | null>(() => document.querySelector<HTMLElement>('[data-tour][data-view-url]')?.dataset['viewUrl'] ?? null);
  useEffect(() => {
    const onView = (e: Event) => setUrl((e as CustomEvent<{ url: string }>).detail.url);
    window.addEventListener(TOUR_VIEW_EVENT, onView);
    return () => window.removeEventListener(TOUR_VIEW_EVENT, onView);
  }, []);
  return url;
}

/** Copies text; without clipboard access, selects it so the visitor can copy it themselves. */
async function copy(text: string, field: HTMLInputElement | HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field?.select();
    return false;
  }
}

/** A size choice of the embed code: an index of EMBED_SIZES, or the responsive box. */
type SizeChoice = number | 'responsive';
const DEFAULT_CHOICE: SizeChoice = EMBED_SIZES.findIndex((s) => s.width === DEFAULT_EMBED_SIZE.width);
const SIZE_CHOICES: readonly SizeChoice[] = [...EMBED_SIZES.keys(), 'responsive'];
/** A fixed size as its numbers read in every language (1280 × 720). */
const sizeLabel = (i: number) => `${EMBED_SIZES[i]?.width ?? ''} × ${EMBED_SIZES[i]?.height ?? ''}`;
type Copied = 'link' | 'view' | 'embed' | null;

/** #share: copy the link (and the link to the 3D view in sight), share it on social networks, or copy the player's embed code. */
export function ShareModal({ tr, context, onClose }: { tr: Translator; context: ModalContext; onClose: () => void }) {
  const { t } = tr;
  const ids = useId();
  const space = context.modelId ? { modelId: context.modelId, name: context.spaceName ?? '' } : pageSpace();
  const url = context.shareUrl ?? pageAddress();
  const title = context.shareTitle ?? (context.spaceName || space?.name || document.title);
  const viewUrl = useTourView();
  const [choice, setChoice] = useState<SizeChoice>(DEFAULT_CHOICE);
  const size = choice === 'responsive' ? 'responsive' : (EMBED_SIZES[choice] ?? DEFAULT_EMBED_SIZE);
  const embed = space ? playerEmbedHtml(showcaseUrl(space.modelId), t('space.tour.title', { name: title }), size) : null;
  const [copied, setCopied] = useState<Copied>(null);
  const copyFrom = async (what: Exclude<Copied, null>, text: string, id: string) =>
    setCopied((await copy(text, document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement | null)) ? what : null);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const networks = [
    { key: 'social.twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { key: 'social.facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'social.linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'user.share.email', href: `mailto:?subject=${text}&body=${u}` },
  ] as const;
  const status = { link: t('user.share.copied'), view: t('share.viewCopied'), embed: t('user.share.copiedEmbed') };
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.share.title')} closeLabel={t('user.modal.close')} onClose={onClose} />
      <div className="du-field">
        <label htmlFor="du-share-link">{t('user.share.link')}</label>
        <div className="du-row share-copy">
          <input id="du-share-link" className="du-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-primary btn-sm" onClick={() => void copyFrom('link', url, 'du-share-link')}>
            {t('user.share.copy')}
          </button>
        </div>
      </div>
      {viewUrl && (
        <div className="du-field">
          <label htmlFor="du-share-view">{t('share.view')}</label>
          <div className="du-row share-copy">
            <input id="du-share-view" className="du-input" readOnly value={viewUrl} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copyFrom('view', viewUrl, 'du-share-view')}>
              {t('share.copyView')}
            </button>
          </div>
        </div>
      )}
      <ul className="du-share" aria-label={t('user.share.on')}>
        {networks.map((n) => (
          <li key={n.key}>
            <a className="btn btn-outline btn-sm" href={n.href} target="_blank" rel="noopener noreferrer">
              {t(n.key)}
            </a>
          </li>
        ))}
      </ul>
      {embed && (
        <section className="share-embed" aria-labelledby={`${ids}-embed`}>
          <h3 id={`${ids}-embed`}>{t('share.embedTitle')}</h3>
          <fieldset className="share-sizes">
            <legend>{t('share.size')}</legend>
            {SIZE_CHOICES.map((value) => (
              <label key={String(value)} className="share-size">
                <input type="radio" name={`${ids}-size`} value={String(value)} checked={choice === value} onChange={() => setChoice(value)} />
                <span>{value === 'responsive' ? t('share.responsive') : sizeLabel(value)}</span>
              </label>
            ))}
          </fieldset>
          <div className="du-field">
            <label htmlFor="du-share-embed">{t('user.share.embed')}</label>
            <textarea
              id="du-share-embed"
              className="du-code"
              readOnly
              value={embed}
              aria-describedby={`${ids}-embed-hint`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <p id={`${ids}-embed-hint`} className="du-hint">
              {t('share.embedHint')}
            </p>
          </div>
          <div className="du-row">
            <button type="button" className="btn btn-outline btn-sm" onClick={() => void copyFrom('embed', embed, 'du-share-embed')}>
              {t('user.share.copyEmbed')}
            </button>
          </div>
        </section>
      )}
      <p className="du-success" role="status">
        {copied ? status[copied] : ''}
      </p>
    </>
  );
}

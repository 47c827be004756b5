import { escapeHtml } from '../../domain/html.ts';
import { useState } from 'react';
import type { Translator } from '../../i18n/i18n.ts';
import { DEFAULT_SHOWCASE_TEMPLATE } from '../../site/paths.ts';
import { ModalHead } from '../../shared/modals/Dialog.tsx';
import { pageAddress, type ModalContext } from '../../shared/modals/modal-store.ts';

/** The tour URL an embed code points at (/env.js/ may override the template). */
function showcaseUrl(modelId: string): string {
  const env = (window as unknown as { __DISCOVER_ENV__?: { showcaseUrlTemplate?: string } }).__DISCOVER_ENV__;
  const template = env?.showcaseUrlTemplate ?? DEFAULT_SHOWCASE_TEMPLATE;
  return new URL(template.replace('{modelId}', encodeURIComponent(modelId)), location.origin).href;
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

/** #share: copy the link, share it on social networks, or copy the embed code of a space. */
export function ShareModal({ tr, context, onClose }: { tr: Translator; context: ModalContext; onClose: () => void }) {
  const { t } = tr;
  const url = context.shareUrl ?? pageAddress();
  const title = context.shareTitle ?? context.spaceName ?? document.title;
  const embed = context.modelId
    ? `<iframe width="853" height="480" src="${escapeHtml(showcaseUrl(context.modelId))}" title="${escapeHtml(title)}" frameborder="0" allow="fullscreen; xr-spatial-tracking" allowfullscreen></iframe>`
    : null;
  const [copied, setCopied] = useState<'link' | 'embed' | null>(null);
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  const networks = [
    { key: 'social.twitter', href: `https://twitter.com/intent/tweet?url=${u}&text=${text}` },
    { key: 'social.facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'social.linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'user.share.email', href: `mailto:?subject=${text}&body=${u}` },
  ] as const;
  return (
    <>
      <ModalHead id="du-modal-title" title={t('user.share.title')} closeLabel={t('user.modal.close')} onClose={onClose} />
      <div className="du-field">
        <label htmlFor="du-share-link">{t('user.share.link')}</label>
        <div className="du-row" style={{ flexWrap: 'nowrap' }}>
          <input id="du-share-link" className="du-input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={async () => setCopied((await copy(url, document.getElementById('du-share-link') as HTMLInputElement)) ? 'link' : null)}
          >
            {t('user.share.copy')}
          </button>
        </div>
      </div>
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
        <div className="du-field">
          <label htmlFor="du-share-embed">{t('user.share.embed')}</label>
          <textarea id="du-share-embed" className="du-code" readOnly value={embed} onFocus={(e) => e.currentTarget.select()} />
          <div className="du-row">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={async () => setCopied((await copy(embed, document.getElementById('du-share-embed') as HTMLTextAreaElement)) ? 'embed' : null)}
            >
              {t('user.share.copyEmbed')}
            </button>
          </div>
        </div>
      )}
      <p className="du-success" role="status">
        {copied === 'link' ? t('user.share.copied') : copied === 'embed' ? t('user.share.copiedEmbed') : ''}
      </p>
    </>
  );
}

import { Component, useEffect, useRef, type ErrorInfo, type ReactNode } from 'react';
import { useT } from '../../i18n/island.ts';
import { localizePath } from '../../i18n/locales.ts';
import { track } from '../site/events.ts';
import { href } from '../../site/paths.ts';
import { isChunkError } from './chunks.ts';
import './errors.css';

/** Props of the boundary every island renders inside. */
export interface BoundaryProps {
  /** The page's locale, for the fallback's texts. */
  locale: string;
  /** The island's name, reported with the error. */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** How many times the visitor retried a failed chunk; after the second a retry reloads the page. */
  retries: number;
}

/** Keeps error fields within what the collector stores. */
const clip = (s: string | undefined | null, n: number) => (s ?? '').slice(0, n);

/**
 * The error boundary of an island (spec 2, 8): a render error shows the not-found page over the
 * page, with a reset action, and is tracked as an `error` event (error_message, error_type,
 * error_stack, error_component_stack; the analytics feature adds session_start). A script chunk
 * that failed to load shows a retry in place instead.
 */
export class IslandBoundary extends Component<BoundaryProps, State> {
  override state: State = { error: null, retries: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    track('error', {
      error_message: clip(error.message, 1000),
      error_type: clip(error.name || 'Error', 100),
      error_stack: clip(error.stack, 4000),
      error_component_stack: clip(info.componentStack, 4000),
      island: this.props.name,
    });
  }

  private reset = () => {
    const { error, retries } = this.state;
    if (error && isChunkError(error) && retries >= 1) {
      window.location.reload();
      return;
    }
    this.setState({ error: null, retries: error && isChunkError(error) ? retries + 1 : retries });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return isChunkError(error) ? (
      <ChunkRetry locale={this.props.locale} onRetry={this.reset} />
    ) : (
      <RenderErrorPage locale={this.props.locale} onReset={this.reset} />
    );
  }
}

function ChunkRetry({ locale, onRetry }: { locale: string; onRetry: () => void }) {
  const { t } = useT(locale);
  return (
    <div className="island-retry" role="alert">
      <p>
        <strong>{t('error.chunk.title')}</strong> {t('error.chunk.text')}
      </p>
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {t('error.chunk.retry')}
      </button>
    </div>
  );
}

/** The not-found page (spec 2) over the page, with a reset action. */
function RenderErrorPage({ locale, onReset }: { locale: string; onReset: () => void }) {
  const { t } = useT(locale);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div className="island-error" role="dialog" aria-modal="true" aria-labelledby="island-error-title">
      <section className="not-found">
        <div className="not-found__inner">
          <span className="not-found__icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" focusable="false">
              <circle cx="12" cy="12" r="9" />
              <path d="m15.5 8.5-2 5-5 2 2-5 5-2Z" />
            </svg>
          </span>
          <h1 id="island-error-title" tabIndex={-1} ref={headingRef}>
            {t('notFound.title')}
          </h1>
          <p>{t('notFound.text')}</p>
          <div className="island-error__actions">
            <a className="btn btn-primary" href={localizePath(href.allSpaces(), locale)}>
              {t('notFound.link')}
            </a>
            <button type="button" className="btn btn-outline" onClick={onReset}>
              {t('error.reset')}
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { AuthorizedSpace } from '../../domain/marketplace.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { listAuthorizedSpaces } from './marketplace-api.ts';

// The form (react-hook-form, zod, libphonenumber-js) is its own chunk, loaded when the form opens.
const LeadForm = lazy(() => import('./LeadForm.tsx'));

/** Props of the request-access dialog. */
export interface RequestFlowProps {
  open: boolean;
  onClose: () => void;
  /** The API confirmed the request ('Access Requested'). */
  onRequested: () => void;
  slug: string;
  appName: string;
  partnerName: string;
  user: CurrentUser;
  locale?: string | undefined;
}

/** Where the flow stands. */
export type Step = 'spaces' | 'form' | 'sending' | 'done';

const PAGE = 50;

/**
 * "Add" on an app page: a space selector with search (only the spaces the user is authorized for;
 * none: 'You are not authorized to access any Spaces.'), then the request form, then 'Sending
 * Information to Partner' while the API stores and hands over the lead, and 'Access Requested'.
 * One product dialog throughout; each step's heading takes focus.
 */
export function RequestFlow({ open, onClose, onRequested, slug, appName, partnerName, user, locale }: RequestFlowProps) {
  const { t } = useT(locale);
  const [step, setStep] = useState<Step>('spaces');
  const [chosen, setChosen] = useState<AuthorizedSpace[]>([]);
  const heading = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (open) return;
    // Closed: the next "Add" starts over, unless a request is on its way.
    const timer = window.setTimeout(() => setStep((s) => (s === 'sending' ? s : 'spaces')), 250);
    return () => window.clearTimeout(timer);
  }, [open]);
  const first = useRef(true);
  useEffect(() => {
    // A new step is announced by moving focus to its title (the first one: the dialog does it).
    if (first.current) {
      first.current = false;
      return;
    }
    const h2 = heading.current?.querySelector<HTMLElement>('h2');
    h2?.setAttribute('tabindex', '-1');
    h2?.focus();
  }, [step]);

  const title =
    step === 'spaces'
      ? t('marketplace.select.title')
      : step === 'form'
        ? t('marketplace.form.title', { app: appName })
        : step === 'sending'
          ? t('marketplace.form.sending')
          : t('marketplace.form.done');

  return (
    <Dialog open={open} onClose={onClose} labelledBy="mk-flow-title">
      <div className="mk-dialog" data-step={step}>
        <div ref={heading} className="mk-dialog__head">
          <ModalHead id="mk-flow-title" title={title} closeLabel={t('marketplace.form.close')} onClose={onClose} />
        </div>
        {step === 'spaces' && (
          <SpaceSelector appName={appName} chosen={chosen} setChosen={setChosen} onNext={() => setStep('form')} onClose={onClose} locale={locale} />
        )}
        {(step === 'form' || step === 'sending') && (
          <Suspense
            fallback={
              <div className="mk-status">
                <div className="mk-spinner" />
              </div>
            }
          >
            <div hidden={step === 'sending'}>
              <LeadForm
                slug={slug}
                appName={appName}
                partnerName={partnerName}
                user={user}
                spaces={chosen}
                locale={locale}
                onBack={() => setStep('spaces')}
                onSending={() => setStep('sending')}
                onFailed={() => setStep('form')}
                onDone={() => {
                  setStep('done');
                  onRequested();
                }}
              />
            </div>
          </Suspense>
        )}
        {step === 'sending' && (
          <div className="mk-status" role="status">
            <div className="mk-spinner" />
            <p>{t('marketplace.form.sending')}</p>
          </div>
        )}
        {step === 'done' && (
          <>
            <div className="mk-status" role="status">
              <span className="mk-status__icon">
                <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
              </span>
              <p>
                <strong>{t('marketplace.form.done')}</strong>
              </p>
              <p className="muted">{t('marketplace.form.doneText', { partner: partnerName, app: appName })}</p>
            </div>
            <div className="mk-row">
              <button type="button" className="btn btn-primary" onClick={onClose}>
                {t('marketplace.form.close')}
              </button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

interface SelectorProps {
  appName: string;
  chosen: AuthorizedSpace[];
  setChosen: (next: AuthorizedSpace[]) => void;
  onNext: () => void;
  onClose: () => void;
  locale?: string | undefined;
}

type Listing = { status: 'loading' } | { status: 'error' } | { status: 'ready'; spaces: AuthorizedSpace[]; total: number; hasNext: boolean; q: string };

/** The space selector: search as you type (250 ms), several spaces at once, more on demand. */
function SpaceSelector({ appName, chosen, setChosen, onNext, onClose, locale }: SelectorProps) {
  const { t } = useT(locale);
  const [q, setQ] = useState('');
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const timer = window.setTimeout(
      () => {
        listAuthorizedSpaces({ q: q.trim() || undefined, limit: PAGE })
          .then((page) => live && setListing({ status: 'ready', spaces: page.results, total: page.totalResults, hasNext: page.hasNext, q: q.trim() }))
          .catch(() => live && setListing({ status: 'error' }));
      },
      q ? 250 : 0,
    );
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [q, attempt]);

  const more = async () => {
    if (listing.status !== 'ready') return;
    const page = await listAuthorizedSpaces({ q: listing.q || undefined, offset: listing.spaces.length, limit: PAGE });
    setListing({ ...listing, spaces: [...listing.spaces, ...page.results], hasNext: page.hasNext });
  };
  const isChosen = (s: AuthorizedSpace) => chosen.some((c) => c.id === s.id);
  const flip = (s: AuthorizedSpace) => setChosen(isChosen(s) ? chosen.filter((c) => c.id !== s.id) : [...chosen, s]);

  if (listing.status === 'ready' && listing.total === 0 && !listing.q)
    return (
      <>
        <p className="mk-alert mk-alert--info" role="status">
          {t('marketplace.select.none')}
        </p>
        <div className="mk-row">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {t('marketplace.form.close')}
          </button>
        </div>
      </>
    );

  return (
    <>
      <p className="muted">{t('marketplace.select.lede', { app: appName })}</p>
      <div className="mk-field">
        <label htmlFor="mk-space-q">{t('marketplace.select.search')}</label>
        <input id="mk-space-q" type="search" value={q} autoComplete="off" onChange={(e) => setQ(e.currentTarget.value)} />
      </div>
      {listing.status === 'loading' && (
        <div className="mk-status" role="status">
          <div className="mk-spinner" />
          <p>{t('marketplace.select.loading')}</p>
        </div>
      )}
      {listing.status === 'error' && (
        <div className="mk-alert" role="alert">
          {t('marketplace.error.generic')}{' '}
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setAttempt((n) => n + 1)}>
            {t('marketplace.error.retry')}
          </button>
        </div>
      )}
      {listing.status === 'ready' &&
        (listing.spaces.length === 0 ? (
          <p role="status">{t('marketplace.select.noMatch')}</p>
        ) : (
          <fieldset className="mk-fieldset">
            <legend className="visually-hidden">{t('marketplace.select.title')}</legend>
            <ul className="mk-spaces">
              {listing.spaces.map((s) => (
                <li key={s.id}>
                  <label className={`mk-space${isChosen(s) ? ' mk-space--on' : ''}`}>
                    <input type="checkbox" checked={isChosen(s)} onChange={() => flip(s)} />
                    <img src={s.thumbnail} alt="" width="64" height="42" loading="lazy" />
                    <span className="mk-space__text">
                      <span className="mk-space__name">{s.name}</span>
                      {s.account && <span className="mk-space__account">{s.account.name}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {listing.hasNext && (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => void more()}>
                {t('marketplace.select.more')}
              </button>
            )}
          </fieldset>
        ))}
      <div className="mk-row mk-row--split">
        <p className="muted" aria-live="polite">
          {chosen.length > 0 ? t('marketplace.select.chosen', { count: chosen.length }) : ''}
        </p>
        <button type="button" className="btn btn-primary" disabled={chosen.length === 0} onClick={onNext}>
          {t('marketplace.select.next')}
        </button>
      </div>
    </>
  );
}

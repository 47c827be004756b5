import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { previewSearch } from '../../client/spaces.ts';
import type { SpaceCard } from '../../domain/space.ts';
import { useT } from '../../i18n/island.ts';
import { localizePath } from '../../i18n/locales.ts';
import { href } from '../../site/paths.ts';
import { english } from '../../i18n/i18n.ts';
import type { StringKey } from '../../i18n/strings.ts';
import { POPULAR_SEARCHES as POPULAR } from '../../site/links.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { Icon } from '../../shared/site/Icon.tsx';
import { track } from '../../shared/site/events.ts';
import { submitSearch } from './submit-search.ts';

/** Debounce of the preview call (spec 9). */
export const PREVIEW_DEBOUNCE_MS = 500;
/** The popular queries (spec 2); the query stays English, the language of the content. */
/** Phones get the search as a full-screen dialog (theme breakpoint sm, spec 9). */
const MOBILE_QUERY = '(max-width: 599px)';

type Preview =
  { status: 'idle' } | { status: 'loading'; q: string } | { status: 'ready'; q: string; items: SpaceCard[]; total: number } | { status: 'error'; q: string };

/** One choice of the suggestions list: a space, "show more", or a popular query. */
type Choice = { kind: 'space'; space: SpaceCard } | { kind: 'more' } | { kind: 'popular'; key: StringKey };

/** A choice's identity, stable while the list around it changes. */
const choiceKey = (c: Choice): string => (c.kind === 'space' ? `space:${c.space.id}` : c.kind === 'more' ? 'more' : `popular:${c.key}`);

/** Props of the header search island. */
export interface Props {
  /** The page's locale (strings and links). */
  locale: string;
  /** Text to start with (the search page fills it from `?q=` in the browser). */
  initialQuery?: string;
}

const cache = new Map<string, { items: SpaceCard[]; total: number }>();

/**
 * The header search box (spec 2): a combobox whose suggestions show up to 3 preview cards from
 * the preview search (debounced 500 ms), a 'SHOW MORE' choice and the popular queries. Arrow keys
 * move through the choices, Enter opens one (or submits the text), Escape closes. On phones it
 * opens as a full-screen dialog. Server-rendered, it is a plain GET form that works without JS.
 */
function HeaderSearchBox({ locale, initialQuery = '' }: Props) {
  const { t, lang } = useT(locale);
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const ids = {
    input: `hs-${uid}-input`,
    list: `hs-${uid}-list`,
    modalInput: `hs-${uid}-minput`,
    modalList: `hs-${uid}-mlist`,
    status: `hs-${uid}-status`,
    spaces: `hs-${uid}-spaces`,
    popular: `hs-${uid}-popular`,
    title: `hs-${uid}-title`,
  };
  const [text, setText] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [modal, setModal] = useState(false);
  // The highlighted choice by its key, not its index: when the preview cards arrive (or a new search
  // starts loading), the highlight stays on the option the visitor chose, and Enter opens that one.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [preview, setPreview] = useState<Preview>({ status: 'idle' });
  const [hydrated, setHydrated] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const modalRef = useRef<HTMLDivElement>(null);
  const modalInputRef = useRef<HTMLInputElement>(null);
  const suppressOpen = useRef(false);
  const seq = useRef(0);

  const isMobile = () => typeof window !== 'undefined' && window.matchMedia(MOBILE_QUERY).matches;

  const close = useCallback(() => {
    setOpen(false);
    setActiveKey(null);
    setModal((wasModal) => {
      if (wasModal) {
        // Back to the header field without opening the dialog again.
        suppressOpen.current = true;
        requestAnimationFrame(() => {
          inputRef.current?.focus({ preventScroll: true });
          suppressOpen.current = false;
        });
      }
      return false;
    });
  }, []);

  const openBox = useCallback(() => {
    if (suppressOpen.current) return;
    setOpen(true);
    if (isMobile()) setModal(true);
  }, []);

  // Hydration happens on first interaction: pick up what the visitor already typed or focused.
  useEffect(() => {
    setHydrated(true);
    const input = inputRef.current;
    if (!input) return;
    if (input.value !== text) setText(input.value);
    if (document.activeElement === input) openBox();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Debounced preview of the typed text.
  const q = text.trim();
  useEffect(() => {
    if (!open || !q) {
      setPreview({ status: 'idle' });
      return;
    }
    const hit = cache.get(q);
    if (hit) {
      setPreview({ status: 'ready', q, ...hit });
      return;
    }
    setPreview({ status: 'loading', q });
    const id = ++seq.current;
    const timer = setTimeout(() => {
      previewSearch(browserHttp(), q)
        .then((page) => {
          const entry = { items: page.results.slice(0, 3), total: page.totalResults };
          cache.set(q, entry);
          if (id === seq.current) setPreview({ status: 'ready', q, ...entry });
        })
        .catch(() => {
          if (id === seq.current) setPreview({ status: 'error', q });
        });
    }, PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, open]);

  // Close on outside click, route change (history, hash, leaving the page).
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (rootRef.current?.contains(target) || modalRef.current?.contains(target)) return;
      close();
    };
    const onRoute = () => close();
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('popstate', onRoute);
    window.addEventListener('hashchange', onRoute);
    window.addEventListener('pagehide', onRoute);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('popstate', onRoute);
      window.removeEventListener('hashchange', onRoute);
      window.removeEventListener('pagehide', onRoute);
    };
  }, [open, close]);

  // The phone dialog: focus its field, keep the page still behind it.
  useEffect(() => {
    if (!modal) return;
    const prev = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    modalInputRef.current?.focus();
    return () => {
      document.documentElement.style.overflow = prev;
    };
  }, [modal]);

  const choices: Choice[] = useMemo(() => {
    const list: Choice[] = [];
    if (q && preview.status === 'ready' && preview.q === q) list.push(...preview.items.map((space) => ({ kind: 'space', space }) as const));
    if (q) list.push({ kind: 'more' });
    list.push(...POPULAR.map((key) => ({ kind: 'popular', key }) as const));
    return list;
  }, [q, preview]);

  // New text, new list: nothing is highlighted until the visitor moves again.
  useEffect(() => setActiveKey(null), [q]);
  const active = activeKey === null ? -1 : choices.findIndex((c) => choiceKey(c) === activeKey);
  const setActive = useCallback(
    (next: number | ((i: number) => number)) => {
      const i = typeof next === 'function' ? next(active) : next;
      const choice = choices[i];
      setActiveKey(choice ? choiceKey(choice) : null);
    },
    [active, choices],
  );

  const submit = useCallback(
    async (value: string, location: string) => {
      if (!value.trim()) return;
      close();
      await submitSearch(value, { locale, location });
    },
    [locale, close],
  );

  const choose = (choice: Choice) => {
    const where = modal ? 'header-mobile' : 'header';
    if (choice.kind === 'space') {
      close();
      // The search insights' "results clicked" (issue 25): which space this query led to.
      const position = choices.filter((c) => c.kind === 'space').indexOf(choice) + 1;
      track('search_click', { query: q, space: choice.space.modelId, position, location: where });
      window.location.assign(localizePath(href.space(choice.space.modelId), locale));
    } else if (choice.kind === 'more') void submit(text, where);
    else {
      setText(english(choice.key));
      void submit(english(choice.key), `${where}-popular`);
    }
  };

  const onChange = (value: string) => {
    setText(value);
    // Clearing the text closes the suggestions (spec 2); typing opens them.
    if (value.trim() === '') {
      if (!modal) {
        setOpen(false);
        setActiveKey(null);
      }
    } else openBox();
  };

  const clear = () => {
    setText('');
    if (!modal) {
      // Cleared text closes the suggestions (spec 2); focus stays in the field without reopening them.
      setOpen(false);
      setActiveKey(null);
      suppressOpen.current = true;
      inputRef.current?.focus();
      suppressOpen.current = false;
    } else modalInputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = choices.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        openBox();
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i === -1 ? (step === 1 ? 0 : n - 1) : (i + step + n) % n));
    } else if (e.key === 'Enter' && open && active >= 0 && choices[active]) {
      e.preventDefault();
      choose(choices[active]);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  };

  const onModalKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Tab' || !modalRef.current) return;
    // Keep focus inside the dialog.
    const focusable = [...modalRef.current.querySelectorAll<HTMLElement>('button:not([disabled]), input, a[href]')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  const empty = q === '';
  const optionId = (listId: string, i: number) => `${listId}-o${i}`;

  const status: string =
    !open || empty
      ? ''
      : preview.status === 'loading'
        ? t('header.search.loading')
        : preview.status === 'error'
          ? t('header.search.error')
          : preview.status === 'ready' && preview.items.length === 0
            ? t('header.search.none', { q })
            : preview.status === 'ready'
              ? t('header.search.status', { count: preview.items.length })
              : '';

  const suggestions = (listId: string): ReactNode => {
    const spaceChoices = choices.map((c, i) => [c, i] as const).filter(([c]) => c.kind === 'space' || c.kind === 'more');
    const popularChoices = choices.map((c, i) => [c, i] as const).filter(([c]) => c.kind === 'popular');
    const optionProps = (i: number) => ({
      id: optionId(listId, i),
      role: 'option' as const,
      'aria-selected': active === i,
      className: `hs-option${active === i ? ' is-active' : ''}`,
      onMouseDown: (e: MouseEvent) => e.preventDefault(),
      onMouseMove: () => setActive(i),
      onClick: () => choices[i] && choose(choices[i]),
    });
    return (
      <>
        {!empty && preview.status === 'loading' && (
          <div className="hs-skeletons" aria-hidden="true">
            {[0, 1, 2].map((k) => (
              <div key={k} className="hs-skeleton">
                <span />
                <span />
              </div>
            ))}
          </div>
        )}
        {!empty && (preview.status === 'error' || (preview.status === 'ready' && preview.items.length === 0)) && <p className="hs-message">{status}</p>}
        <div role="listbox" id={listId} aria-label={t('header.search.suggestions')} className="hs-listbox">
          {spaceChoices.length > 0 && (
            <div role="group" aria-labelledby={`${listId}-spaces`} className="hs-group">
              <div role="presentation" id={`${listId}-spaces`} className="hs-group__label">
                {t('header.search.spaces')}
              </div>
              {spaceChoices.map(([c, i]) =>
                c.kind === 'space' ? (
                  <div key={c.space.id} {...optionProps(i)}>
                    <img className="hs-card__img" src={c.space.images.thumbnail} alt="" width={96} height={64} loading="lazy" decoding="async" />
                    <span className="hs-card__text">
                      <span className="hs-card__name">{c.space.name}</span>
                      <span className="hs-card__place">{c.space.countryName}</span>
                    </span>
                  </div>
                ) : (
                  <div key="more" {...optionProps(i)} className={`${optionProps(i).className} hs-more`}>
                    {t('header.search.showMore')}
                  </div>
                ),
              )}
            </div>
          )}
          <div role="group" aria-labelledby={`${listId}-popular`} className="hs-group hs-group--popular">
            <div role="presentation" id={`${listId}-popular`} className="hs-group__label">
              {t('header.search.popular')}
            </div>
            <div role="presentation" className="hs-chips">
              {popularChoices.map(([c, i]) =>
                c.kind === 'popular' ? (
                  <div key={c.key} {...optionProps(i)} className={`${optionProps(i).className} hs-chip`}>
                    <Icon name="trending" />
                    {t(c.key)}
                  </div>
                ) : null,
              )}
            </div>
          </div>
        </div>
      </>
    );
  };

  const field = (inModal: boolean) => {
    const inputId = inModal ? ids.modalInput : ids.input;
    const listId = inModal ? ids.modalList : ids.list;
    const expanded = inModal ? true : open && !modal;
    return (
      <form
        className="search-form"
        role="search"
        method="get"
        action={localizePath(href.search(), locale)}
        data-search-form=""
        data-hydrated={hydrated ? 'true' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          void submit(text, inModal ? 'header-mobile' : 'header');
        }}
      >
        <div className="search-field">
          <Icon name="search" className="search-field__icon" />
          <label className="visually-hidden" htmlFor={inputId}>
            {t('header.search.label')}
          </label>
          <input
            ref={inModal ? modalInputRef : inputRef}
            id={inputId}
            type="search"
            name="q"
            value={text}
            placeholder={t('header.search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={200}
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(listId, active) : undefined}
            aria-describedby={ids.status}
            lang={lang}
            onChange={(e) => onChange(e.target.value)}
            onFocus={inModal ? undefined : openBox}
            onClick={inModal ? undefined : openBox}
            onKeyDown={onKeyDown}
          />
          {hydrated && (
            <button className="search-field__clear" type="button" aria-label={t('header.search.clear')} disabled={empty} onClick={clear}>
              <Icon d="M6 6l12 12M18 6 6 18" />
            </button>
          )}
          {/* Server-rendered enabled: without JavaScript a disabled default button would block Enter. */}
          <button className="search-field__submit" type="submit" aria-label={t('header.search.submit')} disabled={hydrated ? empty : undefined}>
            <Icon name="arrow" />
          </button>
        </div>
      </form>
    );
  };

  return (
    <div className={`hs${open && !modal ? ' is-open' : ''}`} ref={rootRef}>
      {field(false)}
      <div className="hs-popup" hidden={!open || modal}>
        {suggestions(ids.list)}
      </div>
      <p id={ids.status} className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {modal &&
        createPortal(
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-element-interactions -- the dialog's own keys: focus trap and Escape
          <div className="hs-modal" role="dialog" aria-modal="true" aria-labelledby={ids.title} ref={modalRef} onKeyDown={onModalKeyDown}>
            <div className="hs-modal__head">
              <h2 id={ids.title} className="visually-hidden">
                {t('header.search.dialog')}
              </h2>
              <button type="button" className="hs-modal__close" aria-label={t('header.search.close')} onClick={close}>
                <Icon name="left" />
              </button>
              {field(true)}
            </div>
            <div className="hs-modal__body">{suggestions(ids.modalList)}</div>
          </div>,
          document.body,
        )}
    </div>
  );
}

/** The island: the search box inside the error boundary every island has. */
export default function HeaderSearch(props: Props) {
  return (
    <IslandBoundary locale={props.locale} name="HeaderSearch">
      <HeaderSearchBox {...props} />
    </IslandBoundary>
  );
}

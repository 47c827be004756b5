import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useId, useRef, useState, type ReactNode } from 'react';
import { t } from '../app/texts.ts';
import { errorMessage } from '../lib/api.ts';
import { useDebounced } from './use-debounced.ts';

/** Props of {@link SearchPicker}. */
export interface SearchPickerProps<T> {
  label: string;
  /** A help line under the input. */
  hint?: ReactNode;
  error?: string | undefined;
  placeholder?: string | undefined;
  /** The query key of a search, e.g. `(text) => ['admin', 'tags', 'search', text]`. */
  queryKey: (text: string) => QueryKey;
  /** Runs the search (debounced 250 ms); answers the options. */
  search: (text: string) => Promise<T[]>;
  getKey: (item: T) => string;
  /** The option's text (its accessible name). */
  getLabel: (item: T) => string;
  /** Extra content of an option (a count, a thumbnail). */
  renderOption?: ((item: T) => ReactNode) | undefined;
  onPick: (item: T) => void;
  /** Offers 'Create “text”' when nothing matches exactly; resolves once created (then picked by the caller). */
  onCreate?: ((text: string) => Promise<void>) | undefined;
  /** Searches as soon as the field is focused, before any typing (default true). */
  searchEmpty?: boolean | undefined;
}

/**
 * Search-as-you-type picker (the WAI-ARIA combobox pattern): typing searches through the API
 * (react-query, debounced), arrows move through the options, Enter picks, Escape closes. Picking
 * clears the input for the next pick. Optionally creates a new item from the text.
 */
export function SearchPicker<T>(props: SearchPickerProps<T>) {
  const { label, hint, error, placeholder, queryKey, search, getKey, getLabel, renderOption, onPick, onCreate, searchEmpty = true } = props;
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const term = useDebounced(text.trim(), 250);
  const enabled = open && (searchEmpty || term.length > 0);
  const results = useQuery({ queryKey: queryKey(term), queryFn: () => search(term), enabled, placeholderData: keepPreviousData });
  const options = results.data ?? [];
  const exact = options.some((o) => getLabel(o).toLowerCase() === text.trim().toLowerCase());
  const canCreate = Boolean(onCreate) && text.trim().length > 0 && !exact && !results.isFetching;
  const count = options.length + (canCreate ? 1 : 0);
  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-opt-${i}`;

  const pick = (item: T) => {
    onPick(item);
    setText('');
    setActive(-1);
    input.current?.focus();
  };
  const create = async () => {
    if (!onCreate) return;
    setCreating(true);
    setCreateError(null);
    try {
      await onCreate(text.trim());
      setText('');
      setActive(-1);
    } catch (e) {
      setCreateError(errorMessage(e));
    } finally {
      setCreating(false);
      input.current?.focus();
    }
  };
  const choose = (i: number) => {
    if (i < options.length) pick(options[i] as T);
    else if (canCreate) void create();
  };

  const note = results.error
    ? errorMessage(results.error)
    : results.isFetching && options.length === 0
      ? t('picker.searching')
      : !results.isFetching && options.length === 0 && !canCreate && enabled
        ? t('picker.noResults')
        : null;
  const describedBy = [hint ? `${id}-hint` : null, error || createError ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="adm-field adm-picker">
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <div className="adm-picker__box">
        <input
          ref={input}
          id={id}
          className="adm-input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open && count > 0}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              setOpen(true);
              setActive((a) => (count ? (a + 1) % count : -1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              setActive((a) => (count ? (a <= 0 ? count - 1 : a - 1) : -1));
            } else if (e.key === 'Enter') {
              if (open && active >= 0) {
                e.preventDefault();
                choose(active);
              } else if (canCreate && text.trim()) {
                e.preventDefault();
                void create();
              } else if (open && options.length === 1) {
                e.preventDefault();
                choose(0);
              }
            } else if (e.key === 'Escape' && open) {
              e.preventDefault();
              setOpen(false);
            }
          }}
        />
        <div className="adm-picker__list" hidden={!open || !(count > 0 || results.isFetching || results.error || enabled)}>
          {note && <p className={`adm-picker__note${results.error ? ' adm-field-error' : ''}`}>{note}</p>}
          <ul id={listId} role="listbox" aria-label={label}>
            {options.map((item, i) => (
              // Keyboard use goes through the combobox input (aria-activedescendant); the mouse picks here.
              // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
              <li
                key={getKey(item)}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                className={`adm-picker__option${i === active ? ' adm-picker__option--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(item)}
              >
                <span>{getLabel(item)}</span>
                {renderOption?.(item)}
              </li>
            ))}
            {canCreate && (
              // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
              <li
                id={optionId(options.length)}
                role="option"
                aria-selected={active === options.length}
                aria-disabled={creating}
                className={`adm-picker__option adm-picker__option--create${active === options.length ? ' adm-picker__option--active' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => void create()}
              >
                {t('picker.create', { text: text.trim() })}
              </li>
            )}
          </ul>
        </div>
      </div>
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
      {(error || createError) && (
        <p id={`${id}-error`} className="adm-field-error">
          {error ?? createError}
        </p>
      )}
    </div>
  );
}

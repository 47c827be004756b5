import type { ReactNode } from 'react';
import { Icon as SharedIcon } from '../../shared/site/Icon.tsx';
import { T } from './texts.ts';

/** What a control inside a {@link Field} gets: its id and the ARIA wiring to label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}

/** Props of a labelled form field. */
export interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  /** Shown after the label when not required. */
  optional?: boolean;
  hint?: string | undefined;
  error?: string | undefined;
  wide?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** A label, the control, a hint and the field's error right under it (announced with the field). */
export function Field({ id, label, required = false, optional = false, hint, error, wide = false, children }: FieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`co-field${wide ? ' co-field--wide' : ''}`}>
      <label className="co-label" htmlFor={id}>
        {label}
        {required && (
          <span className="co-req" aria-hidden="true">
            *
          </span>
        )}
        {optional && <span className="co-optional"> ({T.optional})</span>}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        ...(described ? { 'aria-describedby': described } : {}),
        ...(required ? { 'aria-required': true } : {}),
      })}
      {hint && (
        <p className="co-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="co-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** How an alert looks and is announced. */
export type AlertKind = 'success' | 'warn' | 'error' | 'info';

const ICONS: Record<AlertKind, string> = {
  success: 'M20 6 9 17l-5-5',
  warn: 'M12 9v4M12 17v.5M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  error: 'M12 8v5M12 16.5v.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  info: 'M12 11v6M12 7.5v.5M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
};

/**
 * A message box: success and info are polite status updates, warnings and errors are alerts;
 * `quiet` ones are not announced (a countdown would speak every second).
 */
export function Alert({ kind, children, id, quiet = false }: { kind: AlertKind; children: ReactNode; id?: string; quiet?: boolean }) {
  const role = quiet ? undefined : kind === 'error' || kind === 'warn' ? 'alert' : 'status';
  return (
    <div className={`co-alert co-alert--${kind}`} role={role} id={id}>
      <Icon d={ICONS[kind]} />
      <div>{children}</div>
    </div>
  );
}

/** A decorative one-path icon of the flow: the shared icon, drawn at the flow's heavier stroke. */
export function Icon({ d, className }: { d: string; className?: string }) {
  return <SharedIcon d={d} className={className} strokeWidth={2} />;
}

/** Icon paths the flow uses. */
export const PATHS = {
  check: 'M20 6 9 17l-5-5',
  lock: 'M6 11h12v10H6zM8 11V7a4 4 0 0 1 8 0v4',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4',
  left: 'm15 5-7 7 7 7',
  right: 'm9 5 7 7-7 7',
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  clock: 'M12 7v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Z',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
} as const;

/** A spinner with a text for assistive technology. */
export function Loading({ text = T.loading }: { text?: string }) {
  return (
    <div className="co-loading" role="status">
      <span className="du-spinner" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}

/** A signed-in page before its content: a spinner, or the generic error with Try again when the session call failed. */
export function PageState({ failed }: { failed: boolean }) {
  return (
    <div className="container co-page">
      {failed ? (
        <Alert kind="error">
          <p>{T.genericError}</p>
          <p>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => window.location.reload()}>
              {T.tryAgain}
            </button>
          </p>
        </Alert>
      ) : (
        <Loading />
      )}
    </div>
  );
}

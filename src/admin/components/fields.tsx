import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { t } from '../app/texts.ts';

/** What every field takes besides its control's own props. */
interface FieldBase {
  label: string;
  /** The field's error (from react-hook-form's `formState.errors.<name>?.message`). */
  error?: string | undefined;
  /** A help line under the control. */
  hint?: ReactNode;
  /** Marks the label 'optional'. */
  optional?: boolean;
}

/** Ids and ARIA wiring shared by the fields: the control names its hint and error. */
function useFieldIds(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return { id, describedBy, invalid: error ? true : undefined };
}

function Label({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean | undefined }) {
  return (
    <label htmlFor={htmlFor} className="adm-label">
      {label}
      {optional && <span className="adm-optional"> ({t('field.optional')})</span>}
    </label>
  );
}

function Help({ id, hint, error }: { id: string; hint: ReactNode; error: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="adm-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="adm-field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A labelled text input: `<TextField label="Name" error={errors.name?.message} {...register('name')} />`. */
export function TextField({ label, error, hint, optional, className, ...input }: FieldBase & ComponentPropsWithRef<'input'>) {
  const { id, describedBy, invalid } = useFieldIds(error, hint);
  return (
    <div className={`adm-field ${className ?? ''}`}>
      <Label htmlFor={id} label={label} optional={optional} />
      <input id={id} className="adm-input" aria-invalid={invalid} aria-describedby={describedBy} {...input} />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled multi-line input. */
export function TextAreaField({ label, error, hint, optional, className, ...input }: FieldBase & ComponentPropsWithRef<'textarea'>) {
  const { id, describedBy, invalid } = useFieldIds(error, hint);
  return (
    <div className={`adm-field ${className ?? ''}`}>
      <Label htmlFor={id} label={label} optional={optional} />
      <textarea id={id} className="adm-input adm-textarea" aria-invalid={invalid} aria-describedby={describedBy} {...input} />
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** A labelled select; `options` are value/label pairs. */
export function SelectField({
  label,
  error,
  hint,
  optional,
  className,
  options,
  ...select
}: FieldBase & ComponentPropsWithRef<'select'> & { options: readonly { value: string; label: string }[] }) {
  const { id, describedBy, invalid } = useFieldIds(error, hint);
  return (
    <div className={`adm-field ${className ?? ''}`}>
      <Label htmlFor={id} label={label} optional={optional} />
      <select id={id} className="adm-input adm-select" aria-invalid={invalid} aria-describedby={describedBy} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** A checkbox with its label on the right (active, hideable…). */
export function CheckboxField({ label, error, hint, className, ...input }: Omit<FieldBase, 'optional'> & Omit<ComponentPropsWithRef<'input'>, 'type'>) {
  const { id, describedBy, invalid } = useFieldIds(error, hint);
  return (
    <div className={`adm-field adm-field--check ${className ?? ''}`}>
      <div className="adm-check">
        <input id={id} type="checkbox" aria-invalid={invalid} aria-describedby={describedBy} {...input} />
        <label htmlFor={id}>{label}</label>
      </div>
      <Help id={id} hint={hint} error={error} />
    </div>
  );
}

/** A group of controls under one legend (a fieldset), for pickers and radio sets. */
export function FieldGroup({ legend, error, hint, children }: { legend: string; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <fieldset className="adm-fieldset" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="adm-label">{legend}</legend>
      {children}
      <Help id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** The API's message for what no field shows (another status, an unknown field), near the form. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="adm-form-error" role="alert">
      {message}
    </p>
  );
}

/** The row of buttons that ends a form (primary action last). */
export function FormActions({ children }: { children: ReactNode }) {
  return <div className="adm-actions adm-form-actions">{children}</div>;
}

/** An on/off switch for one row (a list's active flag): a checkbox styled as a switch. */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (next: boolean) => void;
  /** Names what it switches, e.g. 'Active: Museums' (visually hidden). */
  label: string;
  disabled?: boolean;
}) {
  return (
    <label className="adm-switch">
      <input type="checkbox" role="switch" checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span className="adm-switch__track" aria-hidden="true" />
      <span className="adm-sr-only">{label}</span>
    </label>
  );
}

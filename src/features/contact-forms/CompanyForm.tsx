import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ResponseError } from '../../client/http.ts';
import { submitContactForm, submitFeedbackForm, submitNominationForm } from '../../client/site-services.ts';
import { GENERIC_ERROR_MESSAGE } from '../../domain/api-error.ts';
import {
  CONTACT_TOPICS,
  FEEDBACK_TOPICS,
  FORM_LIMITS,
  HONEYPOT_FIELD,
  type ContactInput,
  type FeedbackInput,
  type NominationInput,
  type SubmissionReceipt,
} from '../../domain/forms.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { loadSession } from '../../shared/session/session-store.ts';
import './contact-forms.css';

/** Which of the company's forms (issue 14). */
export type FormKind = 'contact' | 'feedback' | 'nominate';

interface Field {
  name: string;
  label: string;
  type?: 'text' | 'email' | 'url' | 'textarea' | 'select';
  options?: readonly string[];
  optional?: boolean;
  hint?: string;
  autoComplete?: string;
  max: number;
}

const NAME: Field = { name: 'name', label: 'Your name', autoComplete: 'name', max: FORM_LIMITS.name };
const EMAIL: Field = { name: 'email', label: 'Email address', type: 'email', autoComplete: 'email', max: FORM_LIMITS.email };

/** The fields of each form, in order; names are the API body's. */
const FORMS: Record<FormKind, { fields: Field[]; submit: string }> = {
  contact: {
    fields: [
      NAME,
      EMAIL,
      { name: 'topic', label: 'Topic', type: 'select', options: CONTACT_TOPICS, max: 100 },
      { name: 'message', label: 'Message', type: 'textarea', max: FORM_LIMITS.message },
    ],
    submit: 'Send message',
  },
  feedback: {
    fields: [
      { name: 'topic', label: 'Your feedback is about', type: 'select', options: FEEDBACK_TOPICS, max: 100 },
      { name: 'message', label: 'Feedback', type: 'textarea', max: FORM_LIMITS.message },
      { name: 'page', label: 'Page it is about', type: 'url', optional: true, hint: 'The address of the page, if it is about one.', max: FORM_LIMITS.url },
      { ...NAME, optional: true },
      { ...EMAIL, optional: true, hint: 'Only if you would like an answer. Signed in, we use your account’s address.' },
    ],
    submit: 'Send feedback',
  },
  nominate: {
    fields: [
      { name: 'spaceUrl', label: 'Link to the space', type: 'url', hint: 'A Discover space page or any 3D tour link.', max: FORM_LIMITS.url },
      { name: 'spaceName', label: 'Name of the space', optional: true, max: FORM_LIMITS.subject },
      { name: 'reason', label: 'Why should it be featured?', type: 'textarea', max: FORM_LIMITS.message },
      NAME,
      EMAIL,
    ],
    submit: 'Send nomination',
  },
};

/**
 * Posts a filled form. Its field names are the route's body fields; the API checks them and answers
 * a 400 naming each problem, so the fields go unchecked here.
 */
const SEND: Record<FormKind, (fields: Record<string, string>) => Promise<SubmissionReceipt>> = {
  contact: (fields) => submitContactForm(browserHttp(), fields as ContactInput),
  feedback: (fields) => submitFeedbackForm(browserHttp(), fields as FeedbackInput),
  nominate: (fields) => submitNominationForm(browserHttp(), fields as NominationInput),
};

function FormBody({ kind }: { kind: FormKind }) {
  const id = useId();
  const { fields, submit } = FORMS[kind];
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<SubmissionReceipt | null>(null);
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // Signed-in people: name and email filled in for them (they can change them).
  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status !== 'ready' || !formRef.current) return;
      const set = (name: string, value: string) => {
        const el = formRef.current?.elements.namedItem(name);
        if (el instanceof HTMLInputElement && !el.value) el.value = value;
      };
      set('name', `${s.user.first_name} ${s.user.last_name}`.trim());
      set('email', s.user.email);
      setSignedInEmail(s.user.email);
    });
  }, []);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const onSubmit = async (form: HTMLFormElement) => {
    const body: Record<string, string> = {};
    for (const [k, v] of new FormData(form)) if (typeof v === 'string' && (v.trim() || k === HONEYPOT_FIELD)) body[k] = v;
    setSending(true);
    setFormError(null);
    setErrors({});
    try {
      setDone(await SEND[kind](body));
    } catch (error) {
      if (error instanceof ResponseError && error.status === 400 && error.fields.length) {
        const next: Record<string, string> = {};
        for (const f of error.fields) {
          const name = f.path.replace(/^json\./, '').split('.')[0] ?? '';
          next[name] ??= f.message;
        }
        setErrors(next);
        const first = fields.find((f) => next[f.name]);
        if (first) (form.elements.namedItem(first.name) as HTMLElement | null)?.focus();
        const unmatched = Object.keys(next).filter((n) => !fields.some((f) => f.name === n));
        if (unmatched.length) setFormError(next[unmatched[0] ?? ''] ?? null);
      } else setFormError(error instanceof ResponseError ? error.body.message : GENERIC_ERROR_MESSAGE);
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <div className="cf-done" role="status" tabIndex={-1} ref={doneRef} data-testid="form-confirmation">
        <h2>Sent</h2>
        <p>{done.message}</p>
        {done.email && (
          <p className="muted">
            We sent a confirmation to <strong>{done.email}</strong>.
          </p>
        )}
        <button type="button" className="btn btn-outline" onClick={() => setDone(null)}>
          Send another
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      className="cf-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(e.currentTarget);
      }}
      aria-busy={sending}
    >
      <p className="cf-required muted">All fields are required unless marked optional.</p>
      {fields.map((f) => {
        const fid = `${id}-${f.name}`;
        const err = errors[f.name];
        const describedBy = [f.hint ? `${fid}-hint` : '', err ? `${fid}-error` : ''].filter(Boolean).join(' ') || undefined;
        const common = {
          id: fid,
          name: f.name,
          'aria-invalid': err ? true : undefined,
          'aria-describedby': describedBy,
          maxLength: f.max,
        } as const;
        let control: ReactNode;
        if (f.type === 'textarea') control = <textarea {...common} rows={6} />;
        else if (f.type === 'select')
          control = (
            <select {...common} defaultValue="">
              <option value="" disabled>
                Choose…
              </option>
              {f.options?.map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          );
        else control = <input {...common} type={f.type ?? 'text'} autoComplete={f.autoComplete} inputMode={f.type === 'url' ? 'url' : undefined} />;
        return (
          <div key={f.name} className={`cf-field${err ? ' cf-field--error' : ''}`}>
            <label htmlFor={fid}>
              {f.label}
              {f.optional && <span className="cf-optional"> (optional)</span>}
            </label>
            {f.hint && (
              <p id={`${fid}-hint`} className="cf-hint">
                {f.name === 'email' && signedInEmail ? `Only if you would like an answer.` : f.hint}
              </p>
            )}
            {control}
            {err && (
              <p id={`${fid}-error`} className="cf-error">
                {err}
              </p>
            )}
          </div>
        );
      })}
      {/* Honeypot: hidden from people (and assistive technology); bots that fill every field fill it. */}
      <div className="cf-hp" hidden>
        <label htmlFor={`${id}-hp`}>Leave this field empty</label>
        <input id={`${id}-hp`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      {formError && (
        <p className="cf-form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="cf-actions">
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending…' : submit}
        </button>
      </div>
    </form>
  );
}

/** One of the company's forms (Contact Us, Send feedback, Nominate a space): sends to the forms API, shows per-field errors and the confirmation. */
export default function CompanyForm({ kind }: { kind: FormKind }) {
  return (
    <IslandBoundary locale="en" name="Company form">
      <FormBody kind={kind} />
    </IslandBoundary>
  );
}

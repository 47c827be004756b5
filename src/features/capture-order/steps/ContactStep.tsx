import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ContactInput, OrderAttachment } from '../../../domain/capture.ts';
import { MAX_ACCESS_INSTRUCTIONS, MAX_ORDER_ATTACHMENTS } from '../../../domain/capture-rules.ts';
import type * as PhoneRules from '../../../domain/phone-rules.ts';
import type { CurrentUser } from '../../../domain/session.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_UPLOAD_BYTES, MAX_UPLOAD_MB, UPLOAD_ACCEPT } from '../../../domain/user-rules.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { checkContact, uploadAttachment } from '../../../client/capture.ts';
import { updateDraft, type Draft } from '../draft-store.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Alert, Field, Icon, PATHS } from '../ui.tsx';
import { applyApiErrors, lazyResolver, messageOf } from '../validate.ts';

type Values = ContactInput;
const FIELDS = ['isMe', 'firstName', 'lastName', 'email', 'phone', 'accessInstructions'] as const;

/** The phone rule with libphonenumber-js (~30 kB gzip): one chunk, fetched when this step renders, not with the flow. */
let phoneRules: Promise<typeof PhoneRules> | null = null;
const loadPhoneRules = () => (phoneRules ??= import('../../../domain/phone-rules.ts'));

const mine = (u: CurrentUser) => ({ firstName: u.first_name, lastName: u.last_name, email: u.email });

/**
 * Step 4, 'Who is the site contact?': it's me (names and email from the account) or someone
 * else, a phone checked for the property's country with libphonenumber-js, access instructions,
 * and optional floor plans or photos.
 */
export function ContactStep({ draft, user, onBack, onDone }: { draft: Draft; user: CurrentUser; onBack: () => void; onDone: () => void }) {
  const countryCode = draft.checked?.countryCode ?? draft.address?.countryCode ?? '';
  const countryName = draft.checked?.countryName ?? countryCode;
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, setValue, control, getValues } = useForm<Values>({
    defaultValues: draft.contact ?? { isMe: true, ...mine(user), phone: '', accessInstructions: '' },
    resolver: lazyResolver<Values>(
      (s) => s.ContactInput,
      async (v) => {
        const issue = (await loadPhoneRules()).phoneIssue(v.phone, countryCode);
        return issue ? [{ path: 'phone', message: issue }] : [];
      },
    ),
  });
  const { errors, isSubmitting } = formState;
  useEffect(() => {
    void loadPhoneRules().catch(() => (phoneRules = null));
  }, []);
  const isMe = useWatch({ control, name: 'isMe' });

  const choose = (me: boolean) => {
    if (me === getValues('isMe')) return;
    setValue('isMe', me);
    const fill = me ? mine(user) : { firstName: '', lastName: '', email: '' };
    for (const [k, v] of Object.entries(fill)) setValue(k as 'firstName' | 'lastName' | 'email', v, { shouldValidate: false });
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const checked = await checkContact(browserHttp(), countryCode, values);
      updateDraft({ contact: values, checkedContact: checked });
      onDone();
    } catch (error) {
      setFormError(applyApiErrors(error, setError, FIELDS, 'contact.'));
    }
  });

  return (
    <StepFrame step="contact" formId="co-contact-form" onBack={onBack} busy={isSubmitting} lede={T.contact.lede}>
      <form id="co-contact-form" className="co-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="co-fieldset">
          <legend>{T.contact.who}</legend>
          <div className="co-choices">
            <label className="co-choice">
              <input type="radio" name="co-contact-who" checked={isMe} onChange={() => choose(true)} />
              <span>{T.contact.me}</span>
            </label>
            <label className="co-choice">
              <input type="radio" name="co-contact-who" checked={!isMe} onChange={() => choose(false)} />
              <span>{T.contact.someoneElse}</span>
            </label>
          </div>
        </fieldset>
        <div className="co-grid co-grid--2">
          <Field id="co-contact-first" label={T.contact.firstName} required error={errors.firstName?.message}>
            {(p) => <input className="co-input" autoComplete={isMe ? 'given-name' : 'off'} {...p} {...register('firstName')} />}
          </Field>
          <Field id="co-contact-last" label={T.contact.lastName} required error={errors.lastName?.message}>
            {(p) => <input className="co-input" autoComplete={isMe ? 'family-name' : 'off'} {...p} {...register('lastName')} />}
          </Field>
          <Field id="co-contact-email" label={T.contact.email} required error={errors.email?.message}>
            {(p) => <input className="co-input" type="email" autoComplete={isMe ? 'email' : 'off'} {...p} {...register('email')} />}
          </Field>
          <Field id="co-contact-phone" label={T.contact.phone} required hint={T.contact.phoneHint(countryName)} error={errors.phone?.message}>
            {(p) => <input className="co-input" type="tel" inputMode="tel" autoComplete={isMe ? 'tel' : 'off'} {...p} {...register('phone')} />}
          </Field>
          <Field
            id="co-contact-access"
            label={T.contact.instructions}
            optional
            hint={T.contact.instructionsHint}
            error={errors.accessInstructions?.message}
            wide
          >
            {(p) => <textarea className="co-textarea" maxLength={MAX_ACCESS_INSTRUCTIONS} {...p} {...register('accessInstructions')} />}
          </Field>
        </div>
        {formError && <Alert kind="error">{formError}</Alert>}
      </form>
      <Files attachments={draft.attachments} />
    </StepFrame>
  );
}

/** Optional floor plans or photos, uploaded one by one through the safe upload path (8 MB each). */
function Files({ attachments }: { attachments: OrderAttachment[] }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pick = async (files: FileList | null) => {
    if (!files?.length) return;
    setError(null);
    let list = attachments;
    setBusy(true);
    for (const file of Array.from(files)) {
      if (list.length >= MAX_ORDER_ATTACHMENTS) break;
      if (file.size > MAX_UPLOAD_BYTES) {
        setError(FILE_TOO_LARGE_MESSAGE);
        continue;
      }
      try {
        const a = await uploadAttachment(browserHttp(), file);
        list = [...list, a];
        updateDraft({ attachments: list });
      } catch (e) {
        setError(messageOf(e));
      }
    }
    setBusy(false);
    if (input.current) input.current.value = '';
  };
  return (
    <div className="co-field">
      <label className="co-label" htmlFor="co-files">
        {T.contact.files} <span className="co-optional">({T.optional})</span>
      </label>
      <input
        ref={input}
        id="co-files"
        className="co-input co-file"
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple
        disabled={busy || attachments.length >= MAX_ORDER_ATTACHMENTS}
        aria-describedby={`co-files-hint${error ? ' co-files-error' : ''}`}
        aria-invalid={Boolean(error)}
        onChange={(e) => void pick(e.currentTarget.files)}
      />
      <p className="co-hint" id="co-files-hint">
        {busy ? T.contact.uploading : T.contact.filesHint(MAX_UPLOAD_MB)}
      </p>
      {error && (
        <p className="co-error" id="co-files-error" role="alert">
          {error}
        </p>
      )}
      {attachments.length > 0 && (
        <ul className="co-files">
          {attachments.map((a) => (
            <li key={a.id}>
              <span>{a.fileName}</span>
              <button
                type="button"
                className="du-icon-btn"
                aria-label={T.contact.removeFile(a.fileName)}
                onClick={() => updateDraft({ attachments: attachments.filter((x) => x.id !== a.id) })}
              >
                <Icon d={PATHS.trash} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

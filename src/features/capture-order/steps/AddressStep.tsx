import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { AddressField, AddressFormat, AddressInputIn, Country, NotCoveredExtra } from '../../../domain/capture.ts';
import { ADDRESS_FIELD_KEYS, addressIssues, MSG } from '../../../domain/capture-rules.ts';
import type { CurrentUser } from '../../../domain/session.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { checkAddress, getAddressFormat, listCountries, notifyMe, releaseHold } from '../../../client/capture.ts';
import { updateDraft, type Draft } from '../draft-store.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Alert, Field, Loading } from '../ui.tsx';
import { applyApiErrors, codeOf, lazyResolver, messageOf } from '../validate.ts';

type Values = { countryCode: string; isResidence: boolean } & Record<(typeof ADDRESS_FIELD_KEYS)[number], string>;
const FIELDS = ['countryCode', 'isResidence', ...ADDRESS_FIELD_KEYS] as const;

const blank = (a: AddressInputIn | null): Values => ({
  countryCode: a?.countryCode ?? '',
  streetAddress: a?.streetAddress ?? '',
  suiteUnit: a?.suiteUnit ?? '',
  neighborhood: a?.neighborhood ?? '',
  city: a?.city ?? '',
  administrativeArea: a?.administrativeArea ?? '',
  postalCode: a?.postalCode ?? '',
  sortingCode: a?.sortingCode ?? '',
  isResidence: a?.isResidence ?? false,
});

/** Only the fields the country's form shows are sent (the others keep what was typed for another country). */
const addressOf = (v: Values, format: AddressFormat | null): AddressInputIn => {
  const shown = new Set(format?.fields.map((f) => f.key) ?? []);
  const out: AddressInputIn = { countryCode: v.countryCode, isResidence: v.isResidence };
  for (const key of ADDRESS_FIELD_KEYS) if (shown.has(key)) out[key] = v[key];
  return out;
};

let countriesCache: Promise<Country[]> | null = null;
const formats = new Map<string, Promise<AddressFormat>>();

/** The address check's answer when it is not "covered". */
type Outcome = { kind: 'not-found'; message: string } | { kind: 'not-covered'; message: string; extra: NotCoveredExtra | null; address: AddressInputIn };

/**
 * Step 1, 'Tell us about the property': country first, then that country's fields in its order
 * with its labels and required marks (the server's address metadata); the check answers covered
 * (on to step 2 with 'Congrats…'), not found, or not covered (with the notify-me form).
 */
export function AddressStep({ draft, user, backHref, onCovered }: { draft: Draft; user: CurrentUser; backHref: string; onCovered: () => void }) {
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [format, setFormat] = useState<AddressFormat | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const formatRef = useRef<AddressFormat | null>(null);
  formatRef.current = format;

  const form = useForm<Values>({
    defaultValues: blank(draft.address),
    resolver: lazyResolver<Values>(
      (s) => s.AddressInput,
      (v) => {
        if (!v.countryCode) return [{ path: 'countryCode', message: MSG.country }];
        const f = formatRef.current;
        return f && f.countryCode === v.countryCode ? addressIssues(v, f) : [];
      },
    ),
    shouldFocusError: true,
  });
  const { register, handleSubmit, formState, setError, control } = form;
  const { errors, isSubmitting } = formState;
  const countryCode = useWatch({ control, name: 'countryCode' });

  useEffect(() => {
    countriesCache ??= listCountries(browserHttp()).then((r) => r.countries);
    countriesCache.then(setCountries).catch((e: unknown) => {
      countriesCache = null;
      setLoadError(messageOf(e));
    });
  }, []);

  // A country already in the draft (a reload, or Find a 3D Pro's 'Book a capture') was set before the
  // list had its option: show it once the options are there.
  useEffect(() => {
    if (countries) form.setValue('countryCode', form.getValues('countryCode'));
  }, [countries, form]);

  useEffect(() => {
    if (!countryCode) {
      setFormat(null);
      return;
    }
    let live = true;
    const load = formats.get(countryCode) ?? getAddressFormat(browserHttp(), countryCode);
    formats.set(countryCode, load);
    load
      .then((f) => live && setFormat(f))
      .catch((e: unknown) => {
        formats.delete(countryCode);
        if (live) setLoadError(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [countryCode]);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setOutcome(null);
    const address = addressOf(values, format);
    try {
      const result = await checkAddress(browserHttp(), address);
      const same = JSON.stringify(draft.address) === JSON.stringify(address);
      if (!same && draft.hold) void releaseHold(browserHttp(), draft.hold.id).catch(() => undefined);
      updateDraft({ address, checked: result.address, flash: result.message, ...(same ? {} : { hold: null }) });
      onCovered();
    } catch (error) {
      const code = codeOf(error);
      if (code === 'ADDRESS_NOT_FOUND') setOutcome({ kind: 'not-found', message: messageOf(error) });
      else if (code === 'ADDRESS_NOT_COVERED' || code === 'ADDRESS_NOT_COVERED_WITHOUT_SIGNUP') {
        const extra = (error as { body: { extra?: unknown } }).body.extra as NotCoveredExtra | undefined;
        setOutcome({ kind: 'not-covered', message: messageOf(error), extra: extra ?? null, address });
      } else setFormError(applyApiErrors(error, setError, FIELDS));
    }
  });

  const fieldsByLine = groupByLine(format?.fields ?? []);
  const again = () => {
    setOutcome(null);
    form.setFocus(format?.fields[0]?.key ?? 'countryCode');
  };

  return (
    <StepFrame step="address" formId="co-address-form" backHref={backHref} busy={isSubmitting} lede={T.address.lede}>
      {loadError && <Alert kind="error">{loadError}</Alert>}
      <form id="co-address-form" className="co-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Field id="co-country" label={T.address.country} required error={errors.countryCode?.message}>
          {(p) => (
            <select className="co-select" autoComplete="country" {...p} {...register('countryCode')}>
              <option value="">{countries ? T.address.chooseCountry : T.loading}</option>
              {countries?.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {countryCode && !format && !loadError && <Loading />}
        {format &&
          fieldsByLine.map((line) => (
            <div key={line.map((f) => f.key).join('-')} className={`co-grid${line.length > 1 ? ' co-grid--2' : ''}`}>
              {line.map((f) => (
                <Field
                  key={f.key}
                  id={`co-${f.key}`}
                  label={f.label}
                  required={f.required}
                  optional={!f.required}
                  hint={
                    f.key === 'postalCode' && format.postalCodeExample
                      ? T.address.postalExample(format.postalCodeExample.split(',')[0]?.trim() ?? '')
                      : undefined
                  }
                  error={errors[f.key]?.message}
                >
                  {(p) =>
                    f.options?.length ? (
                      <select className="co-select" autoComplete={f.autocomplete} {...p} {...register(f.key)}>
                        <option value="">{T.address.choose}</option>
                        {f.options.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <input className="co-input" type="text" autoComplete={f.autocomplete} {...p} {...register(f.key)} />
                    )
                  }
                </Field>
              ))}
            </div>
          ))}
        {format && (
          <label className="co-check">
            <input type="checkbox" {...register('isResidence')} />
            <span>{T.address.residence}</span>
          </label>
        )}
        {formError && <Alert kind="error">{formError}</Alert>}
      </form>
      {outcome?.kind === 'not-found' && (
        <Alert kind="error">
          <p>{outcome.message}</p>
        </Alert>
      )}
      {outcome?.kind === 'not-covered' && <NotCovered outcome={outcome} user={user} onAgain={again} />}
    </StepFrame>
  );
}

/** Fields that share a printed line share a row (at most two side by side). */
function groupByLine(fields: readonly AddressField[]): AddressField[][] {
  const rows: AddressField[][] = [];
  for (const f of fields) {
    const last = rows.at(-1);
    if (last && last[0]?.line === f.line && last.length < 2) last.push(f);
    else rows.push([f]);
  }
  return rows;
}

type NotifyValues = { firstName: string; lastName: string; email: string };

/** Not covered: the spec's message and the notify-me form (prefilled for a signed-in user). */
function NotCovered({ outcome, user, onAgain }: { outcome: Extract<Outcome, { kind: 'not-covered' }>; user: CurrentUser; onAgain: () => void }) {
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const prefill = outcome.extra?.notifyMe ?? { firstName: user.first_name, lastName: user.last_name, email: user.email };
  const { register, handleSubmit, formState, setError } = useForm<NotifyValues>({
    defaultValues: prefill,
    resolver: lazyResolver<NotifyValues>((s) => s.NotifyMeInput.omit({ address: true })),
  });
  const { errors, isSubmitting } = formState;
  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const r = await notifyMe(browserHttp(), { ...v, address: outcome.address });
      setDone(r.message);
    } catch (error) {
      setFormError(applyApiErrors(error, setError, ['firstName', 'lastName', 'email']));
    }
  });
  return (
    <div className="co-form">
      <Alert kind="warn">
        <p>
          <strong>{outcome.message}</strong>
        </p>
        {!done && <p>{T.address.notify.lede}</p>}
      </Alert>
      {done ? (
        <Alert kind="success">
          <p>{done}</p>
        </Alert>
      ) : (
        <form className="co-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label={T.address.notify.submit}>
          <div className="co-grid co-grid--2">
            <Field id="co-notify-first" label={T.address.notify.firstName} required error={errors.firstName?.message}>
              {(p) => <input className="co-input" autoComplete="given-name" {...p} {...register('firstName')} />}
            </Field>
            <Field id="co-notify-last" label={T.address.notify.lastName} required error={errors.lastName?.message}>
              {(p) => <input className="co-input" autoComplete="family-name" {...p} {...register('lastName')} />}
            </Field>
            <Field id="co-notify-email" label={T.address.notify.email} required error={errors.email?.message} wide>
              {(p) => <input className="co-input" type="email" autoComplete="email" {...p} {...register('email')} />}
            </Field>
          </div>
          {formError && <Alert kind="error">{formError}</Alert>}
          <div className="co-actions">
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {T.address.notify.submit}
            </button>
            <button type="button" className="btn btn-outline" onClick={onAgain}>
              {T.address.another}
            </button>
          </div>
        </form>
      )}
      {done && (
        <div className="co-actions">
          <button type="button" className="btn btn-outline" onClick={onAgain}>
            {T.address.another}
          </button>
        </div>
      )}
    </div>
  );
}

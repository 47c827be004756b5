import '../../shared/zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { ResponseError } from '../../client/http.ts';
import { LeadInput, type AuthorizedSpace } from '../../domain/marketplace.ts';
import { LEAD_LIMITS, LEAD_MSG } from '../../domain/marketplace-rules.ts';
import type { CurrentUser } from '../../domain/session.ts';
import { useT } from '../../i18n/island.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { requestAccess } from './marketplace-api.ts';

/** The form's values (the API's LeadInput without the spaces, which the selector chose). */
interface Values {
  name: string;
  email: string;
  company: string;
  phone: string;
  message: string;
  consent: boolean;
}
const FIELDS = ['name', 'email', 'company', 'phone', 'message', 'consent'] as const satisfies readonly (keyof Values)[];

/** Props of the request form. */
export interface LeadFormProps {
  slug: string;
  appName: string;
  partnerName: string;
  user: CurrentUser;
  spaces: AuthorizedSpace[];
  locale?: string | undefined;
  onBack: () => void;
  onSending: () => void;
  onFailed: () => void;
  onDone: () => void;
}

/** The domain's messages (the API answers the same) in the page's language. */
function localize(t: Translator['t'], message: string | undefined): string | undefined {
  if (!message) return undefined;
  const known: Record<string, string> = {
    [LEAD_MSG.name]: t('marketplace.error.name'),
    [LEAD_MSG.email]: t('marketplace.error.email'),
    [LEAD_MSG.phone]: t('marketplace.error.phone'),
    [LEAD_MSG.phoneNotValid]: t('marketplace.error.phoneNotValid'),
    [LEAD_MSG.phoneInvalidForCountry]: t('marketplace.error.phoneInvalid'),
    [LEAD_MSG.consent]: t('marketplace.error.consent'),
  };
  const tooLong = /^Use at most (\d+) characters\.$/.exec(message);
  return known[message] ?? (tooLong ? t('marketplace.error.tooLong', { max: Number(tooLong[1]) }) : message);
}

/**
 * The request form: name, email, company, phone (libphonenumber-js through the domain's rule; a
 * number with + is read internationally), message and consent to share with the partner. It
 * validates with the API's own schema (react-hook-form + zod), shows each problem under its field
 * and maps the API's 400 field list the same way.
 */
export default function LeadForm({ slug, appName, partnerName, user, spaces, locale, onBack, onSending, onFailed, onDone }: LeadFormProps) {
  const { t } = useT(locale);
  const [formError, setFormError] = useState<string | null>(null);
  const spaceIds = spaces.map((s) => s.id);
  const schemaResolver = zodResolver(LeadInput as never) as unknown as Resolver<Values & { spaceIds: string[] }>;
  const resolver: Resolver<Values> = (values, context, options) => schemaResolver({ ...values, spaceIds }, context, options as never);
  const { register, handleSubmit, formState, setError } = useForm<Values>({
    defaultValues: { name: `${user.first_name} ${user.last_name}`.trim(), email: user.email, company: '', phone: '', message: '', consent: false },
    resolver,
    shouldFocusError: true,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    onSending();
    try {
      await requestAccess(slug, { ...values, spaceIds });
      onDone();
    } catch (error) {
      onFailed();
      if (error instanceof ResponseError && error.status === 400 && error.fields.length) {
        const left: string[] = [];
        let focus = true;
        for (const f of error.fields) {
          const field = f.path.replace(/^json\./, '').split('.')[0] ?? '';
          if ((FIELDS as readonly string[]).includes(field)) {
            setError(field as Path<Values>, { type: 'server', message: f.message }, { shouldFocus: focus });
            focus = false;
          } else left.push(localize(t, f.message) ?? f.message);
        }
        setFormError(left.length ? left.join(' ') : null);
      } else setFormError(error instanceof ResponseError && error.body.message ? error.body.message : t('marketplace.error.generic'));
    }
  });

  const field = (
    name: keyof Values,
    label: string,
    control: (p: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => ReactNode,
    opts: { optional?: boolean; hint?: string } = {},
  ) => {
    const id = `mk-lead-${name}`;
    const error = localize(t, errors[name]?.message);
    const described = [opts.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="mk-field">
        <label htmlFor={id}>
          {label}
          {opts.optional && <span className="mk-hint"> ({t('marketplace.form.optional')})</span>}
        </label>
        {control({ id, 'aria-invalid': Boolean(error), ...(described ? { 'aria-describedby': described } : {}) })}
        {opts.hint && (
          <span className="mk-hint" id={`${id}-hint`}>
            {opts.hint}
          </span>
        )}
        {error && (
          <span className="mk-error" id={`${id}-error`}>
            {error}
          </span>
        )}
      </div>
    );
  };
  const consentError = localize(t, errors.consent?.message);

  return (
    <form className="mk-form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <p className="muted">{t('marketplace.form.lede', { partner: partnerName, app: appName })}</p>
      <p className="mk-hint">{spaces.map((s) => s.name).join(', ')}</p>
      {formError && (
        <p className="mk-alert" role="alert">
          {formError}
        </p>
      )}
      <div className="mk-form__grid">
        {field('name', t('marketplace.form.name'), (p) => (
          <input {...p} autoComplete="name" maxLength={LEAD_LIMITS.name} {...register('name')} />
        ))}
        {field('email', t('marketplace.form.email'), (p) => (
          <input {...p} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} {...register('email')} />
        ))}
        {field(
          'company',
          t('marketplace.form.company'),
          (p) => (
            <input {...p} autoComplete="organization" maxLength={LEAD_LIMITS.company} {...register('company')} />
          ),
          { optional: true },
        )}
        {field(
          'phone',
          t('marketplace.form.phone'),
          (p) => (
            <input {...p} type="tel" autoComplete="tel" maxLength={LEAD_LIMITS.phone} {...register('phone')} />
          ),
          {
            hint: t('marketplace.form.phoneHint'),
          },
        )}
      </div>
      {field(
        'message',
        t('marketplace.form.message'),
        (p) => (
          <textarea {...p} rows={3} maxLength={LEAD_LIMITS.message} {...register('message')} />
        ),
        {
          optional: true,
        },
      )}
      <div className="mk-field">
        <label className="mk-consent">
          <input
            type="checkbox"
            aria-invalid={Boolean(consentError)}
            {...(consentError ? { 'aria-describedby': 'mk-lead-consent-error' } : {})}
            {...register('consent')}
          />
          <span>{t('marketplace.form.consent', { partner: partnerName, app: appName })}</span>
        </label>
        {consentError && (
          <span className="mk-error" id="mk-lead-consent-error">
            {consentError}
          </span>
        )}
      </div>
      <div className="mk-row">
        <button type="button" className="btn btn-outline" onClick={onBack}>
          {t('marketplace.form.back')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {t('marketplace.form.submit')}
        </button>
      </div>
    </form>
  );
}

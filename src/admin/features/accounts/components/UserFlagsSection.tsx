import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { flagName, type AdminUserFlags } from '../../../../domain/admin-inputs.ts';
import { FEATURE_FLAGS, type FeatureFlag } from '../../../../domain/session.ts';
import { CheckboxField, FieldGroup, FormActions, FormError, TextField } from '../../../components/fields.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { useSavingForm } from '../../../components/use-prevent-leave.ts';
import { errorMessage, hasStatus } from '../../../lib/api.ts';
import { applyApiError } from '../../../lib/form-errors.ts';
import { useUserFlags } from '../api/get-user-flags.ts';
import { useSetUserFlags } from '../api/set-user-flags.ts';
import { t } from '../texts.ts';

/** The flags in the order the screen lists them: search (everybody's) first. */
const FLAGS: readonly FeatureFlag[] = [...FEATURE_FLAGS].sort((a, b) => Number(b === 'search') - Number(a === 'search'));

type Values = { flags: Record<FeatureFlag, boolean> };
const valuesOf = (person: AdminUserFlags): Values => ({
  flags: Object.fromEntries(FLAGS.map((f) => [f, person.flags.includes(flagName(f))])) as Record<FeatureFlag, boolean>,
});

/**
 * 'Feature flags' on the Accounts screen: find a person by id or sid (or their personal account's),
 * then tick the flags they have. `request` is a key the account list asks for (its row button);
 * `seq` changes with each ask, so asking twice for the same person scrolls there again.
 */
export function UserFlagsSection({ request }: { request: { key: string; seq: number } | null }) {
  const [text, setText] = useState('');
  const [key, setKey] = useState('');
  const [lookupError, setLookupError] = useState<string | undefined>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const person = useUserFlags(key);

  useEffect(() => {
    if (!request) return;
    setText(request.key);
    setKey(request.key);
    setLookupError(undefined);
    headingRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus();
  }, [request]);

  const notFound = hasStatus(person.error, 404);
  return (
    <section className="adm-section" aria-labelledby="acc-flags">
      <div className="adm-card adm-stack">
        <h2 id="acc-flags" ref={headingRef} tabIndex={-1}>
          {t('flags.title')}
        </h2>
        <p className="adm-muted">{t('flags.text')}</p>
        <form
          className="acc-flags-find"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            const next = text.trim();
            setLookupError(next ? undefined : t('flags.keyRequired'));
            setKey(next);
          }}
        >
          <TextField
            label={t('flags.key')}
            hint={t('flags.keyHint')}
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={lookupError ?? (notFound ? errorMessage(person.error) : undefined)}
          />
          <button type="submit" className="adm-btn">
            {t('flags.show')}
          </button>
        </form>
        {key && person.isPending && (
          <p className="adm-muted" role="status">
            {t('flags.loading')}
          </p>
        )}
        {person.error && !notFound && <FormError message={errorMessage(person.error)} />}
        {person.data && <FlagsForm key={person.data.userId} person={person.data} />}
      </div>
    </section>
  );
}

/** The checkboxes of one person, saved with the console's saving form (prevent-leave while edited). */
function FlagsForm({ person }: { person: AdminUserFlags }) {
  const form = useForm<Values>({ defaultValues: valuesOf(person) });
  const [formError, setFormError] = useState<string | null>(null);
  const saveFlags = useSetUserFlags();
  const hintId = useId();
  const save = async (values: Values) => {
    setFormError(null);
    try {
      const saved = await saveFlags.mutateAsync({ userId: person.userId, flags: FLAGS.filter((f) => values.flags[f]).map(flagName) });
      form.reset(valuesOf({ ...person, flags: saved.flags }));
      notifySuccess(t('flags.saved', { name: person.name }));
      return true;
    } catch (error) {
      setFormError(applyApiError(error, form.setError, []));
      return false;
    }
  };
  const { onSubmit } = useSavingForm(form, save, () => undefined);
  return (
    <form className="adm-stack" noValidate onSubmit={(e) => void onSubmit(e)} aria-describedby={hintId}>
      <p id={hintId} className="acc-flags-person">
        <strong>{person.name}</strong>{' '}
        <span className={`adm-badge ${person.status === 'ACTIVE' ? 'adm-badge--live' : 'adm-badge--off'}`}>{t(`status.${person.status}`)}</span>
        <br />
        <small>{t('flags.person', { email: person.email, sid: person.sid })}</small>
      </p>
      <FieldGroup legend={t('flags.legend', { name: person.name })}>
        <div className="acc-flags-list">
          {FLAGS.map((f) => (
            <CheckboxField
              key={f}
              label={t(`flag.${f}.label`)}
              hint={
                <>
                  {t(`flag.${f}.text`)} <code>{flagName(f)}</code>
                </>
              }
              {...form.register(`flags.${f}`)}
            />
          ))}
        </div>
      </FieldGroup>
      <FormError message={formError} />
      <FormActions>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          {t('flags.save')}
        </button>
      </FormActions>
    </form>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ResponseError } from '../../../../client/http.ts';
import type { Technician, TechnicianInput, TimeOff } from '../../../../domain/capture.ts';
import { PATHS } from '../../../app/paths.ts';
import { CheckboxField, FieldGroup, FormActions, FormError, TextField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifySuccess } from '../../../components/status-store.ts';
import { errorMessage } from '../../../lib/api.ts';
import { useTechnicians } from '../api/get-technicians.ts';
import { useSaveTechnician } from '../api/save-technician.ts';
import { t } from '../texts.ts';
import { dateIn, nextDay, zonedMidnight } from '../zoned.ts';
import '../technicians.css';

const DAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
type Day = (typeof DAYS)[number];
const back = { to: PATHS.technicians, title: t('edit.back') };

const BLANK: TechnicianInput = {
  firstName: '',
  lastName: '',
  email: '',
  areaName: '',
  countryCode: 'US',
  continent: 'North America',
  location: { lat: 0, long: 0 },
  radiusKm: 40,
  workingHours: { '1': ['08:00', '18:00'], '2': ['08:00', '18:00'], '3': ['08:00', '18:00'], '4': ['08:00', '18:00'], '5': ['08:00', '18:00'] },
  travelBufferMinutes: 30,
  isActive: true,
  timeOff: [],
  signInEmail: null,
};

const inputOf = (x: Technician): TechnicianInput => ({
  firstName: x.firstName,
  lastName: x.lastName,
  email: x.email,
  areaName: x.areaName,
  countryCode: x.countryCode,
  continent: x.continent,
  location: x.location,
  radiusKm: x.radiusKm,
  timeZone: x.timeZone,
  workingHours: x.workingHours,
  travelBufferMinutes: x.travelBufferMinutes,
  isActive: x.isActive,
  timeOff: x.timeOff,
  signInEmail: x.signInEmail,
});

/** /admin/technicians/:technicianId (and …/create): a technician's service area, working hours, time off and sign-in. */
export function TechnicianForm() {
  const id = useParams()['technicianId'] ?? null;
  const list = useTechnicians();
  const existing = id ? list.data?.find((x) => x.id === id) : undefined;
  const save = useSaveTechnician();
  const navigate = useNavigate();
  const [form, setForm] = useState<TechnicianInput | null>(id ? null : BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [off, setOff] = useState({ start: '', end: '', note: '' });
  useEffect(() => {
    if (existing && !form) setForm(inputOf(existing));
  }, [existing, form]);

  const title = id ? t('edit.title') : t('create.title');
  if (!form)
    return (
      <div className="adm-stack">
        <PageHeader title={title} back={back} />
        <p className="adm-muted" role={list.data && !existing ? 'alert' : undefined}>
          {list.data && !existing ? t('edit.notFound') : list.error ? errorMessage(list.error) : '…'}
        </p>
      </div>
    );
  const zone = existing?.timeZone ?? 'UTC';
  const set = (patch: Partial<TechnicianInput>) => setForm({ ...form, ...patch });
  const setHours = (day: Day, value: [string, string] | null) => {
    const hours = { ...form.workingHours };
    if (value) hours[day] = value;
    else delete hours[day];
    set({ workingHours: hours });
  };
  const addOff = () => {
    if (!off.start) return;
    const end = off.end && off.end >= off.start ? off.end : off.start;
    const entry: TimeOff = { start: zonedMidnight(off.start, zone), end: zonedMidnight(nextDay(end), zone), note: off.note };
    set({ timeOff: [...form.timeOff, entry] });
    setOff({ start: '', end: '', note: '' });
  };
  const err = (path: string) => errors[`json.${path}`];

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setFormError(null);
    save.mutate(
      { id, input: form },
      {
        onSuccess: (saved) => {
          notifySuccess(saved.notified ? t('notified', { count: saved.notified }) : t('saved'));
          void navigate(PATHS.technicians);
        },
        onError: (error) => {
          if (error instanceof ResponseError && error.fields.length) setErrors(Object.fromEntries(error.fields.map((f) => [f.path, f.message])));
          else setFormError(errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="adm-stack">
      <PageHeader title={title} back={back} description={existing ? `${existing.firstName} ${existing.lastName} · ${existing.areaName}` : undefined} />
      <form className="adm-card adm-stack tec-form" onSubmit={onSubmit} noValidate>
        <FormError message={formError} />
        <div className="tec-grid">
          <TextField
            label={t('field.firstName')}
            value={form.firstName}
            error={err('firstName')}
            onChange={(e) => set({ firstName: e.target.value })}
            required
          />
          <TextField label={t('field.lastName')} value={form.lastName} error={err('lastName')} onChange={(e) => set({ lastName: e.target.value })} required />
          <TextField label={t('field.email')} type="email" value={form.email} error={err('email')} onChange={(e) => set({ email: e.target.value })} required />
          <TextField
            label={t('field.signInEmail')}
            type="email"
            optional
            value={form.signInEmail ?? ''}
            error={err('signInEmail')}
            hint={t('field.signInEmailHint')}
            onChange={(e) => set({ signInEmail: e.target.value.trim() || null })}
          />
        </div>
        <FieldGroup legend={t('area.legend')}>
          <div className="tec-grid">
            <TextField label={t('field.areaName')} value={form.areaName} error={err('areaName')} onChange={(e) => set({ areaName: e.target.value })} required />
            <TextField
              label={t('field.countryCode')}
              value={form.countryCode}
              maxLength={2}
              error={err('countryCode')}
              onChange={(e) => set({ countryCode: e.target.value.toUpperCase() })}
            />
            <TextField label={t('field.continent')} value={form.continent} error={err('continent')} onChange={(e) => set({ continent: e.target.value })} />
            <TextField
              label={t('field.lat')}
              type="number"
              step="any"
              value={form.location.lat}
              error={err('location.lat')}
              onChange={(e) => set({ location: { ...form.location, lat: Number(e.target.value) } })}
            />
            <TextField
              label={t('field.long')}
              type="number"
              step="any"
              value={form.location.long}
              error={err('location.long')}
              onChange={(e) => set({ location: { ...form.location, long: Number(e.target.value) } })}
            />
            <TextField
              label={t('field.radiusKm')}
              type="number"
              min={1}
              max={500}
              value={form.radiusKm}
              error={err('radiusKm')}
              onChange={(e) => set({ radiusKm: Number(e.target.value) })}
            />
            <TextField
              label={t('field.buffer')}
              type="number"
              min={0}
              max={240}
              value={form.travelBufferMinutes}
              error={err('travelBufferMinutes')}
              onChange={(e) => set({ travelBufferMinutes: Number(e.target.value) })}
            />
          </div>
          <CheckboxField label={t('field.active')} checked={form.isActive} onChange={(e) => set({ isActive: e.target.checked })} />
        </FieldGroup>
        <FieldGroup legend={t('hours.legend', { zone })}>
          <div className="tec-hours">
            {DAYS.map((day) => {
              const hours = form.workingHours[day];
              const name = t(`day.${day}`);
              return (
                <div key={day} className="tec-hours__row">
                  <CheckboxField
                    label={t('hours.works', { day: name })}
                    checked={Boolean(hours)}
                    onChange={(e) => setHours(day, e.target.checked ? ['09:00', '17:00'] : null)}
                  />
                  {hours && (
                    <>
                      <TextField
                        label={t('hours.from', { day: name })}
                        type="time"
                        value={hours[0]}
                        onChange={(e) => setHours(day, [e.target.value, hours[1]])}
                      />
                      <TextField
                        label={t('hours.to', { day: name })}
                        type="time"
                        value={hours[1]}
                        onChange={(e) => setHours(day, [hours[0], e.target.value])}
                      />
                    </>
                  )}
                </div>
              );
            })}
          </div>
        </FieldGroup>
        <FieldGroup legend={t('off.legend')} error={err('timeOff')}>
          {form.timeOff.length === 0 ? (
            <p className="adm-muted">{t('off.none')}</p>
          ) : (
            <ul className="tec-off">
              {form.timeOff.map((o, i) => {
                const from = dateIn(o.start, zone);
                const to = dateIn(new Date(Date.parse(o.end) - 1).toISOString(), zone);
                return (
                  <li key={`${o.start}-${i}`}>
                    <span>
                      {from === to ? from : `${from} – ${to}`}
                      {o.note ? ` · ${o.note}` : ''}
                    </span>
                    <button type="button" className="adm-btn adm-btn--sm" onClick={() => set({ timeOff: form.timeOff.filter((_, j) => j !== i) })}>
                      {t('off.remove', { from, to })}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="tec-grid">
            <TextField label={t('off.start')} type="date" value={off.start} onChange={(e) => setOff({ ...off, start: e.target.value })} />
            <TextField label={t('off.end')} type="date" value={off.end} onChange={(e) => setOff({ ...off, end: e.target.value })} />
            <TextField label={t('off.note')} optional maxLength={200} value={off.note} onChange={(e) => setOff({ ...off, note: e.target.value })} />
          </div>
          <div>
            <button type="button" className="adm-btn adm-btn--sm" disabled={!off.start} onClick={addOff}>
              {t('off.add')}
            </button>
          </div>
        </FieldGroup>
        <FormActions>
          <button type="submit" className="adm-btn adm-btn--primary" disabled={save.isPending}>
            {t('save')}
          </button>
        </FormActions>
      </form>
    </div>
  );
}

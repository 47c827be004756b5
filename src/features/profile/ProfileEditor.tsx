import { useEffect, useMemo, useRef, useState } from 'react';
import { ResponseError } from '../../client/http.ts';
import type { ProfileOwner } from '../../client/profile-edits.ts';
import type { AttachmentType } from '../../domain/enums.ts';
import type { Profile } from '../../domain/profile.ts';
import {
  FILE_TOO_LARGE_MESSAGE,
  MAX_DESCRIPTION,
  MAX_LOCATION,
  MAX_UPLOAD_BYTES,
  MAX_URL,
  SOCIAL_MEDIA_KEYS,
  UPLOAD_ACCEPT,
  type SocialMediaKey,
} from '../../domain/user-rules.ts';
import type { Translator } from '../../i18n/i18n.ts';
import { interceptLinks, setPreventLeave } from '../../shared/modals/prevent-leave-store.ts';
import { removePicture, saveProfile, uploadPicture } from './profile-store.ts';
import '../../shared/modals/modals.css';
import './profile.css';

/** The editable fields of a profile form. */
type Form = { description: string; location: string; url: string } & Record<SocialMediaKey, string>;
type Field = keyof Form;

const formOf = (p: Profile): Form => ({
  description: p.description ?? '',
  location: p.location.description ?? '',
  url: p.url ?? '',
  twitter: p.socialMedia.twitter ?? '',
  facebook: p.socialMedia.facebook ?? '',
  linkedin: p.socialMedia.linkedin ?? '',
  instagram: p.socialMedia.instagram ?? '',
});

const LINK_FIELDS: readonly Field[] = ['url', ...SOCIAL_MEDIA_KEYS];
const isSocial = (k: Field): k is SocialMediaKey => (SOCIAL_MEDIA_KEYS as readonly string[]).includes(k);
/** The form field a 400's `json.<path>` names. */
const fieldOfPath = (path: string): Field | null => {
  const p = path.replace(/^json\./, '');
  if (p === 'location.description') return 'location';
  return (['description', 'url', ...SOCIAL_MEDIA_KEYS] as string[]).includes(p) ? (p as Field) : null;
};

/** Props of a profile editor. */
export interface Props {
  owner: ProfileOwner;
  profile: Profile;
  tr: Translator;
  /** Called with the profile as saved (text, links or pictures). */
  onSaved?: (profile: Profile) => void;
  /** Where 'Done' goes (through the leave prompt when there are unsaved changes). */
  doneHref?: string | undefined;
}

/**
 * Edits a profile: description, location, website and social links (http(s) only; https:// is
 * added when missing), plus photo and cover uploads. Unsaved changes turn on prevent-leave mode.
 */
export function ProfileEditor({ owner, profile, tr, onSaved, doneHref }: Props) {
  const { t } = tr;
  const [saved, setSaved] = useState<Form>(() => formOf(profile));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [pictures, setPictures] = useState({ photoUrl: profile.photoUrl, coverUrl: profile.coverUrl });
  const [pictureState, setPictureState] = useState<{ busy: AttachmentType | null; error: string; done: string }>({ busy: null, error: '', done: '' });
  // The name of the file last chosen per picture, shown beside its button (the input itself is emptied after each upload).
  const [chosen, setChosen] = useState<Partial<Record<AttachmentType, string>>>({});
  const dirty = useMemo(() => (Object.keys(form) as Field[]).some((k) => form[k] !== saved[k]), [form, saved]);
  const saveRef = useRef<() => Promise<boolean>>(() => Promise.resolve(true));

  /** Checks the form with the API's own schemas, loaded on first save so pages do not ship zod up front. */
  const validate = async (f: Form) => {
    // zod parses jitless (no `new Function`, which the site's CSP refuses) before the first schema loads.
    await import('../../shared/zod-jitless.ts');
    const { UserProfileInput, UserProfileSocialMedia } = await import('../../domain/user-inputs.ts');
    const links = Object.fromEntries(SOCIAL_MEDIA_KEYS.map((k) => [k, f[k] || null]));
    const issues = [
      ...(UserProfileInput.safeParse({ description: f.description, location: { description: f.location }, url: f.url || null }).error?.issues ?? []),
      ...(UserProfileSocialMedia.safeParse(links).error?.issues ?? []),
    ];
    const out: Partial<Record<Field, string>> = {};
    for (const issue of issues) {
      const k = fieldOfPath(issue.path.join('.'));
      if (!k || out[k]) continue;
      out[k] = isSocial(k)
        ? t('user.profile.badSocial')
        : LINK_FIELDS.includes(k)
          ? t('user.profile.badLink')
          : t('user.profile.tooLong', { max: k === 'description' ? MAX_DESCRIPTION : MAX_LOCATION });
    }
    return out;
  };

  const save = async (): Promise<boolean> => {
    const problems = await validate(form);
    setErrors(problems);
    if (Object.keys(problems).length) {
      setStatus('error');
      document.getElementById(`du-profile-${Object.keys(problems)[0]}`)?.focus();
      return false;
    }
    setStatus('saving');
    try {
      const nullable = (v: string) => (v.trim() ? v.trim() : null);
      const next = await saveProfile(
        owner,
        { description: nullable(form.description), location: { description: nullable(form.location) }, url: nullable(form.url) },
        { twitter: nullable(form.twitter), facebook: nullable(form.facebook), linkedin: nullable(form.linkedin), instagram: nullable(form.instagram) },
      );
      const f = formOf(next);
      setSaved(f);
      setForm(f);
      setStatus('saved');
      onSaved?.(next);
      return true;
    } catch (error) {
      const fields: Partial<Record<Field, string>> = {};
      if (error instanceof ResponseError)
        for (const fi of error.fields) {
          const k = fieldOfPath(fi.path);
          if (k) fields[k] = fi.message;
        }
      setErrors(fields);
      setStatus('error');
      return false;
    }
  };
  saveRef.current = save;

  useEffect(() => {
    // Links ask from the first edit on, even before the modal host (which shows the prompt, from
    // $leavePrompt) has hydrated on prevent-leave mode: a click right after typing must not leave.
    if (dirty) interceptLinks();
    setPreventLeave(dirty ? { save: () => saveRef.current() } : null);
  }, [dirty]);
  useEffect(() => () => setPreventLeave(null), []);

  const onPick = async (type: AttachmentType, file: File | undefined) => {
    if (!file) return;
    setChosen((c) => ({ ...c, [type]: file.name }));
    if (file.size > MAX_UPLOAD_BYTES) {
      setPictureState({ busy: null, error: FILE_TOO_LARGE_MESSAGE, done: '' });
      return;
    }
    setPictureState({ busy: type, error: '', done: '' });
    try {
      const next = await uploadPicture(owner, file, type);
      setPictures({ photoUrl: next.photoUrl, coverUrl: next.coverUrl });
      setPictureState({ busy: null, error: '', done: type === 'PROFILE_IMAGE' ? t('user.profile.photoSaved') : t('user.profile.coverSaved') });
      onSaved?.(next);
    } catch (error) {
      setPictureState({ busy: null, error: error instanceof ResponseError ? error.body.message : t('user.error.generic'), done: '' });
    }
  };
  const onRemove = async (type: AttachmentType) => {
    setPictureState({ busy: type, error: '', done: '' });
    try {
      const next = await removePicture(owner, type);
      setPictures({ photoUrl: next.photoUrl, coverUrl: next.coverUrl });
      setPictureState({ busy: null, error: '', done: t('user.profile.pictureRemoved') });
      onSaved?.(next);
    } catch {
      setPictureState({ busy: null, error: t('user.error.generic'), done: '' });
    }
  };

  const set = (k: Field) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [k]: e.target.value }));
    if (status === 'saved') setStatus('idle');
  };
  const input = (k: Field, label: string, max: number, type = 'text', placeholder?: string) => (
    <div className="du-field">
      <label htmlFor={`du-profile-${k}`}>{label}</label>
      <input
        id={`du-profile-${k}`}
        name={k}
        type={type}
        value={form[k]}
        onChange={set(k)}
        maxLength={max}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={!!errors[k]}
        aria-describedby={errors[k] ? `du-profile-${k}-error` : undefined}
      />
      {errors[k] && (
        <p id={`du-profile-${k}-error`} className="du-error">
          {errors[k]}
        </p>
      )}
    </div>
  );

  return (
    <div className="du-profile-editor">
      <section className="du-pictures" aria-labelledby="du-pictures-title">
        <h3 id="du-pictures-title">{t('user.profile.pictures')}</h3>
        {(['PROFILE_IMAGE', 'COVER_IMAGE'] as const).map((type) => {
          const url = type === 'PROFILE_IMAGE' ? pictures.photoUrl : pictures.coverUrl;
          const label = type === 'PROFILE_IMAGE' ? t('user.profile.photo') : t('user.profile.cover');
          const id = `du-picture-${type}`;
          return (
            <div key={type} className={`du-picture du-picture--${type === 'PROFILE_IMAGE' ? 'photo' : 'cover'}`}>
              <div className="du-picture__preview">{url ? <img src={url} alt={label} /> : <span aria-hidden="true" />}</div>
              <div className="du-stack du-picture__controls">
                <span className="du-label" id={`${id}-label`}>
                  {label}
                </span>
                <div className="du-file">
                  {/* The native input stays (keyboard, screen readers, drag and drop) but is drawn as the product's button. */}
                  <input
                    id={id}
                    className="du-file__input"
                    type="file"
                    accept={UPLOAD_ACCEPT}
                    disabled={pictureState.busy !== null}
                    aria-labelledby={`${id}-label ${id}-button`}
                    aria-describedby={`${id}-name`}
                    onChange={(e) => {
                      void onPick(type, e.target.files?.[0]);
                      e.target.value = '';
                    }}
                  />
                  <label className="btn btn-outline btn-sm du-file__button" htmlFor={id} id={`${id}-button`}>
                    {t('user.profile.choosePicture')}
                  </label>
                  <span className="du-file__name" id={`${id}-name`}>
                    {chosen[type] ?? t('user.profile.noFileChosen')}
                  </span>
                  {url && (
                    <button type="button" className="btn btn-ghost btn-sm" disabled={pictureState.busy !== null} onClick={() => void onRemove(type)}>
                      {t('user.profile.remove', { what: label })}
                    </button>
                  )}
                </div>
              </div>
            </div>
          );
        })}
        <p className="du-hint">{t('user.profile.pictureHint')}</p>
        <p className="du-error" role="alert">
          {pictureState.error}
        </p>
        <p className="du-success" role="status">
          {pictureState.busy ? t('user.profile.uploading') : pictureState.done}
        </p>
      </section>

      <form
        className="du-stack"
        onSubmit={(e: { preventDefault(): void }) => {
          e.preventDefault();
          void save();
        }}
        noValidate
        aria-labelledby="du-about-title"
      >
        <h3 id="du-about-title">{t('user.profile.about')}</h3>
        <div className="du-field">
          <label htmlFor="du-profile-description">{t('user.profile.description')}</label>
          <textarea
            id="du-profile-description"
            name="description"
            value={form.description}
            onChange={set('description')}
            maxLength={MAX_DESCRIPTION}
            rows={5}
            aria-invalid={!!errors.description}
            aria-describedby="du-profile-description-count"
          />
          <p id="du-profile-description-count" className="du-hint">
            {t('user.profile.chars', { n: form.description.length, max: MAX_DESCRIPTION })}
          </p>
          {errors.description && <p className="du-error">{errors.description}</p>}
        </div>
        {input('location', t('user.profile.location'), MAX_LOCATION)}
        {input('url', t('user.profile.website'), MAX_URL, 'url', 'example.com')}
        <h3>{t('user.profile.social')}</h3>
        {SOCIAL_MEDIA_KEYS.map((k) => (
          // A handle (@name) is welcome here, which a url input would call invalid; saving shows the full address.
          <div key={k}>{input(k, t(`social.${k}`), MAX_URL, 'text', '@name')}</div>
        ))}
        <div className="du-row">
          <button type="submit" className="btn btn-primary" disabled={status === 'saving' || !dirty}>
            {t('user.profile.save')}
          </button>
          {dirty && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setForm(saved);
                setErrors({});
                setStatus('idle');
              }}
            >
              {t('user.profile.discard')}
            </button>
          )}
          {doneHref && (
            <a className="btn btn-outline" href={doneHref}>
              {t('user.profile.done')}
            </a>
          )}
          <p className="du-success" role="status" style={{ margin: 0 }}>
            {status === 'saved' ? t('user.profile.saved') : status === 'saving' ? t('user.profile.saving') : dirty ? t('user.profile.unsaved') : ''}
          </p>
        </div>
        {status === 'error' && Object.keys(errors).length === 0 && (
          <p className="du-error" role="alert">
            {t('user.error.generic')}
          </p>
        )}
      </form>
    </div>
  );
}

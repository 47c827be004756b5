import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
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
import { socialLinkUrl } from '../../domain/social-links.ts';
import { fixUrl, isSafeHttpUrl } from '../../domain/urls.ts';
import { interceptLinks, setPreventLeave } from '../../shared/modals/prevent-leave-store.ts';
import { Icon } from '../../shared/site/Icon.tsx';
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
  /** Show a live preview of the public profile beside the form (a user's or an organization's). */
  preview?: 'user' | 'account' | undefined;
}

/**
 * Edits a profile: description, location, website and social links (http(s) only; https:// is
 * added when missing), plus photo and cover uploads. Unsaved changes turn on prevent-leave mode.
 */
export function ProfileEditor({ owner, profile, tr, onSaved, doneHref, preview }: Props) {
  const { t } = tr;
  const [saved, setSaved] = useState<Form>(() => formOf(profile));
  const [form, setForm] = useState<Form>(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'error'>('idle');
  const [pictures, setPictures] = useState({ photoUrl: profile.photoUrl, coverUrl: profile.coverUrl });
  const [pictureState, setPictureState] = useState<{ busy: AttachmentType | null; error: string; done: string }>({ busy: null, error: '', done: '' });
  // A picture being uploaded shows at once, from the file itself, until the saved one replaces it.
  const [local, setLocal] = useState<{ [K in AttachmentType]?: string | undefined }>({});
  const shown: Record<AttachmentType, string | null> = {
    PROFILE_IMAGE: local.PROFILE_IMAGE ?? pictures.photoUrl,
    COVER_IMAGE: local.COVER_IMAGE ?? pictures.coverUrl,
  };
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
    // A drop is not filtered by the input's `accept`: say so rather than send the API a non-picture.
    if (!UPLOAD_ACCEPT.split(',').includes(file.type)) {
      setPictureState({ busy: null, error: t('user.profile.notPicture', { name: file.name }), done: '' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setPictureState({ busy: null, error: FILE_TOO_LARGE_MESSAGE, done: '' });
      return;
    }
    const preview = URL.createObjectURL(file);
    setLocal((l) => ({ ...l, [type]: preview }));
    setPictureState({ busy: type, error: '', done: '' });
    try {
      const next = await uploadPicture(owner, file, type);
      setPictures({ photoUrl: next.photoUrl, coverUrl: next.coverUrl });
      setPictureState({ busy: null, error: '', done: type === 'PROFILE_IMAGE' ? t('user.profile.photoSaved') : t('user.profile.coverSaved') });
      onSaved?.(next);
    } catch (error) {
      setPictureState({ busy: null, error: error instanceof ResponseError ? error.body.message : t('user.error.generic'), done: '' });
    } finally {
      setLocal((l) => ({ ...l, [type]: undefined }));
      URL.revokeObjectURL(preview);
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
    <div className={`du-profile-editor${preview ? ' du-profile-editor--preview' : ''}${owner.kind === 'account' ? ' du-profile-editor--account' : ''}`}>
      <div className="du-profile-editor__main">
        <section className="du-pictures" aria-labelledby="du-pictures-title">
          <h3 id="du-pictures-title">{t('user.profile.pictures')}</h3>
          <div className="du-pictures__zones">
            {(['PROFILE_IMAGE', 'COVER_IMAGE'] as const).map((type) => (
              <PictureDrop
                key={type}
                type={type}
                label={type === 'PROFILE_IMAGE' ? t('user.profile.photo') : t('user.profile.cover')}
                url={shown[type]}
                busy={pictureState.busy === type}
                disabled={pictureState.busy !== null}
                tr={tr}
                onPick={(file) => void onPick(type, file)}
                onRemove={() => void onRemove(type)}
              />
            ))}
          </div>
          <p className="du-hint" id="du-pictures-hint">
            {t('user.profile.pictureHint')}
          </p>
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
          <div className="du-form-grid">
            {input('location', t('user.profile.location'), MAX_LOCATION)}
            {input('url', t('user.profile.website'), MAX_URL, 'url', 'example.com')}
          </div>
          <h3>{t('user.profile.social')}</h3>
          <div className="du-form-grid">
            {SOCIAL_MEDIA_KEYS.map((k) => (
              // A handle (@name) is welcome here, which a url input would call invalid; saving shows the full address.
              <div key={k}>{input(k, t(`social.${k}`), MAX_URL, 'text', '@name')}</div>
            ))}
          </div>
          <div className="du-row du-profile-editor__actions">
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
      {preview && (
        <aside className="du-profile-preview" aria-labelledby="du-preview-title">
          <h3 id="du-preview-title">{t('user.profile.preview')}</h3>
          <p className="du-hint">{t('user.profile.previewNote')}</p>
          <ProfilePreview kind={preview} name={profile.name} form={form} photoUrl={shown.PROFILE_IMAGE} coverUrl={shown.COVER_IMAGE} tr={tr} />
        </aside>
      )}
    </div>
  );
}

/** Props of a picture's drop zone. */
interface DropProps {
  type: AttachmentType;
  label: string;
  url: string | null;
  busy: boolean;
  disabled: boolean;
  tr: Translator;
  onPick: (file: File | undefined) => void;
  onRemove: () => void;
}

/**
 * A picture's drop zone: the picture as it is (or an empty frame), a file dropped on it or chosen
 * with a click uploads at once. The native file input stays in the page, labelled by the zone,
 * so Tab reaches it and Enter or Space opens the file chooser; the zone draws its focus ring.
 */
function PictureDrop({ type, label, url, busy, disabled, tr, onPick, onRemove }: DropProps) {
  const { t } = tr;
  const [over, setOver] = useState(false);
  const id = `du-picture-${type}`;
  const kind = type === 'PROFILE_IMAGE' ? 'photo' : 'cover';
  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');
  return (
    <div className={`du-drop du-drop--${kind}${over ? ' du-drop--over' : ''}${busy ? ' du-drop--busy' : ''}`}>
      <input
        id={id}
        className="du-drop__input"
        type="file"
        accept={UPLOAD_ACCEPT}
        disabled={disabled}
        aria-describedby="du-pictures-hint"
        onChange={(e) => {
          onPick(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <label
        htmlFor={id}
        className="du-drop__zone"
        onDragEnter={(e) => {
          if (!hasFiles(e) || disabled) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => {
          if (!hasFiles(e) || disabled) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          if (!disabled) onPick(e.dataTransfer.files[0]);
        }}
      >
        <span className="du-drop__frame">
          {url ? (
            <img src={url} alt="" />
          ) : (
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <rect x="3" y="4" width="18" height="16" rx="2.5" />
              <circle cx="9" cy="10" r="2" />
              <path d="m21 16-5-5-9 9" />
            </svg>
          )}
          {busy && <span className="du-spinner du-drop__spinner" aria-hidden="true" />}
        </span>
        <span className="du-drop__text">
          <strong>{label}</strong>
          <span>{over ? t('user.profile.dropHere') : url ? t('user.profile.dropReplace') : t('user.profile.drop')}</span>
        </span>
      </label>
      {url && !busy && (
        <button type="button" className="btn btn-ghost btn-sm du-drop__remove" disabled={disabled} onClick={onRemove}>
          {t('user.profile.remove', { what: label })}
        </button>
      )}
    </div>
  );
}

/** Props of the live preview. */
interface PreviewProps {
  kind: 'user' | 'account';
  name: string;
  form: Form;
  photoUrl: string | null;
  coverUrl: string | null;
  tr: Translator;
}

/**
 * The public profile as it will look with the values in the form (saved or not): the profile
 * header's cover, picture, name, place, website, description and social links, drawn small.
 */
function ProfilePreview({ kind, name, form, photoUrl, coverUrl, tr }: PreviewProps) {
  const { t } = tr;
  const website = fixUrl(form.url.trim());
  const host = website && isSafeHttpUrl(website) ? new URL(website).host.replace(/^www\./, '') : null;
  const socials = SOCIAL_MEDIA_KEYS.filter((k) => {
    const u = socialLinkUrl(k, form[k]);
    return !!u && isSafeHttpUrl(u);
  });
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <div className="du-preview" data-profile-preview="">
      <div className="du-preview__cover">{coverUrl && <img src={coverUrl} alt="" />}</div>
      <div className="du-preview__body">
        {photoUrl ? (
          <img className={`du-preview__avatar${kind === 'user' ? ' du-preview__avatar--round' : ''}`} src={photoUrl} alt="" />
        ) : (
          <span className={`du-preview__avatar${kind === 'user' ? ' du-preview__avatar--round' : ''}`} aria-hidden="true">
            {initials}
          </span>
        )}
        <p className="kicker">{kind === 'account' ? t('account.kicker') : t('profile.kicker')}</p>
        <p className="du-preview__name">{name}</p>
        {(form.location.trim() || host) && (
          <p className="du-preview__row">
            {form.location.trim() && <span>{form.location.trim()}</span>}
            {host && <span>{host}</span>}
          </p>
        )}
        {form.description.trim() && <p className="du-preview__desc">{form.description.trim()}</p>}
        {socials.length > 0 && (
          <ul className="du-preview__socials" aria-label={t('account.social')}>
            {socials.map((k) => (
              <li key={k}>
                <Icon name={k} label={t(`social.${k}`)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

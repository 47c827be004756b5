import { MAX_EMAIL, MAX_PASSWORD, MAX_PERSON_NAME } from '../../../domain/auth-inputs.ts';
import { authTexts, fill, passwordHint, type AuthTexts } from './page-texts.ts';
import { RESET_LINK_SECONDS, VERIFICATION_LINK_SECONDS } from './emails.ts';
import { escapeHtml } from '../../../domain/html.ts';
import { SITE_BASE } from '../../../domain/urls.ts';
import { scriptHash } from '../../security-headers.ts';
import { DEFAULT_TARGET } from './target.ts';

/** One field of an auth form, with what the visitor typed and its error. */
interface Field {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autocomplete: string;
  value?: string | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  maxLength?: number | undefined;
}

/** What a sign-in or sign-up page shows: typed values (never the password) and errors. */
export interface AuthPageState {
  target: string;
  values?: Record<string, string>;
  /** Errors by field name; `form` is shown above the fields. */
  errors?: Record<string, string>;
  /** Good news above the form (the password was changed). */
  notice?: string;
}

/** What the "Choose a new password" page shows: the link's token (sent back with the form) and the password error. */
export interface ResetPageState {
  token: string;
  /** Where to go after the next sign-in. */
  target: string;
  /** The account's email, for password managers to file the new password under. */
  email: string;
  errors?: Record<string, string>;
}

/**
 * The show-password toggle: the button is in the HTML but hidden, so without script nothing dead
 * shows. Its name stays "Show password" and aria-pressed says whether the password is shown (a
 * toggle's name must not change with its state); the name is the button's own visually hidden
 * text, not aria-label, so the field labelled 'Password' is the only match for that label. Focus
 * stays on the button. Before the form is sent the field turns back into a password field, so
 * browsers and password managers still offer to save it.
 */
const REVEAL_SCRIPT = `for(const b of document.querySelectorAll('button.reveal')){const i=document.getElementById(b.getAttribute('aria-controls'));if(!i)continue;b.hidden=false;b.addEventListener('click',()=>{const show=i.type==='password';i.type=show?'text':'password';b.setAttribute('aria-pressed',String(show))});i.form?.addEventListener('submit',()=>{i.type='password';b.setAttribute('aria-pressed','false')})}`;

/** The auth pages' Content-Security-Policy: their own styles, the toggle's script by hash, posts to this site only, no framing. */
export const AUTH_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src ${scriptHash(REVEAL_SCRIPT)}; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

/** The page where a person asks for a password-reset link. */
export const FORGOT_PASSWORD_PATH = '/auth/forgot-password';

const withTarget = (path: string, target: string) => (target === DEFAULT_TARGET ? path : `${path}?target=${encodeURIComponent(target)}`);

const CSS = `
*,*::before,*::after{box-sizing:border-box}
html{color-scheme:light;-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:32px 16px;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1f2328;background:#f3f4f6}
.brand{display:inline-flex;align-items:center;gap:10px;margin-bottom:24px;color:#1f2328;text-decoration:none;font-weight:700;font-size:1.5rem;letter-spacing:-.01em}
.brand svg{width:32px;height:32px}
.card{width:100%;max-width:420px;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px;box-shadow:0 1px 2px rgba(0,0,0,.04),0 8px 24px rgba(0,0,0,.06)}
h1{margin:0 0 4px;font-size:1.5rem;line-height:1.25}
.lead{margin:0 0 24px;color:#57606a}
.alert{margin:0 0 20px;padding:12px 14px;border-radius:8px;background:#fff1f0;border:1px solid #f5c2c0;color:#8c1d18}
.alert:focus{outline:3px solid #8c1d18;outline-offset:2px}
.notice{margin:0 0 20px;padding:12px 14px;border-radius:8px;background:#effaf1;border:1px solid #a6dcb0;color:#14532d}
.notice:focus{outline:3px solid #14532d;outline-offset:2px}
.field{margin-bottom:18px}
label{display:block;margin-bottom:6px;font-weight:600;font-size:.9375rem}
input{display:block;width:100%;padding:10px 12px;font:inherit;color:inherit;background:#fff;border:1px solid #8c959f;border-radius:8px}
input:focus{outline:3px solid #4f3bd9;outline-offset:1px;border-color:#4f3bd9}
input[aria-invalid=true]{border-color:#cf222e}
.hint{margin:6px 0 0;font-size:.875rem;color:#57606a}
.sent{margin:0 0 16px;word-break:break-word}
.error{margin:6px 0 0;font-size:.875rem;color:#a40e26;font-weight:600}
button{display:block;width:100%;margin-top:8px;padding:12px 16px;font:inherit;font-weight:700;color:#fff;background:#4f3bd9;border:0;border-radius:8px;cursor:pointer}
button:hover{background:#3f2dbd}button:focus-visible{outline:3px solid #1f2328;outline-offset:2px}
.pw{position:relative}.pw input{padding-right:52px}
button.reveal{position:absolute;top:1px;right:1px;bottom:1px;display:flex;align-items:center;justify-content:center;width:48px;margin:0;padding:0;
  color:#57606a;background:transparent;border-radius:0 7px 7px 0}
button.reveal:hover{color:#1f2328;background:#f3f4f6}button.reveal[aria-pressed=true]{color:#4f3bd9}
button.reveal svg{width:22px;height:22px}
button.reveal[aria-pressed=true] .eye,button.reveal[aria-pressed=false] .eye-off{display:none}
.forgot{margin:-6px 0 18px;text-align:right;font-size:.9375rem}
[hidden]{display:none!important}
.vh{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap;border:0}
.switch{margin:24px 0 0;text-align:center;color:#57606a}
a{color:#4f3bd9}a:focus-visible{outline:3px solid #4f3bd9;outline-offset:2px;border-radius:2px}
.back{margin-top:20px;font-size:.9375rem}
@media (max-width:480px){.card{padding:24px 20px}}
`;

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" width="32" height="32"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6a55ff"/><stop offset=".55" stop-color="#4f3bd9"/><stop offset="1" stop-color="#2d1f9e"/></linearGradient></defs><rect width="32" height="32" rx="9" fill="url(#g)"/><g fill="none" stroke="#fff" stroke-width="2" stroke-linejoin="round"><path d="M16 6.5 24 11v9.5l-8 4.5-8-4.5V11l8-4.5Z"/><path d="m8 11 8 4.6 8-4.6M16 15.6V25"/></g></svg>`;

const EYE = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><g class="eye"><path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"/><circle cx="12" cy="12" r="3"/></g><g class="eye-off"><path d="M10.6 5.1A10 10 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-2.2 3.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7c1.9 0 3.6-.6 5-1.4"/><path d="M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18"/></g></svg>`;

function renderField(f: Field, autofocus: boolean, tx: AuthTexts): string {
  const id = `f-${f.name}`;
  const described = [f.hint ? `${id}-hint` : '', f.error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const password = f.type === 'password';
  const input = `<input id="${id}" name="${f.name}" type="${f.type}" autocomplete="${f.autocomplete}" required${f.maxLength ? ` maxlength="${f.maxLength}"` : ''}${
    f.value && !password ? ` value="${escapeHtml(f.value)}"` : ''
  }${described ? ` aria-describedby="${described}"` : ''}${f.error ? ' aria-invalid="true"' : ''}${autofocus ? ' autofocus' : ''}${
    // Shown as text, a password must not go to a spelling service or be capitalised.
    password ? ' spellcheck="false" autocapitalize="off"' : ''
  }>`;
  return `<div class="field">
  <label for="${id}">${escapeHtml(f.label)}</label>
  ${password ? `<div class="pw">${input}<button type="button" class="reveal" aria-controls="${id}" aria-pressed="false" hidden>${EYE}<span class="vh">${escapeHtml(tx.show)}</span></button></div>` : input}
  ${f.hint ? `<p class="hint" id="${id}-hint">${escapeHtml(f.hint)}</p>` : ''}${f.error ? `<p class="error" id="${id}-error">${escapeHtml(f.error)}</p>` : ''}
</div>`;
}

function layout(title: string, body: string, tx: AuthTexts): string {
  const script = body.includes('class="reveal"') ? `\n<script>${REVEAL_SCRIPT}</script>` : '';
  return `<!doctype html>
<html lang="${tx.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Discover</title>
<link rel="icon" type="image/svg+xml" href="${SITE_BASE}/favicon.svg">
<style>${CSS}</style>
</head>
<body>
<a class="brand" href="${DEFAULT_TARGET}">${LOGO}<span>Discover</span></a>
<main class="card">
${body}
</main>
<p class="back"><a href="${DEFAULT_TARGET}">${escapeHtml(tx.back)}</a></p>${script}
</body>
</html>`;
}

function form(opts: {
  title: string;
  lead: string;
  action: string;
  button: string;
  fields: Field[];
  formError?: string | undefined;
  notice?: string | undefined;
  /** Hidden fields besides the target (name → value). */
  hidden?: Record<string, string>;
  /** HTML between the fields and the button. */
  afterFields?: string;
  /** The account's email on a form that sets its password: a hidden username field, so password managers file the password under it (as Chrome asks). */
  username?: string;
  target: string;
  switchHtml: string;
  tx: AuthTexts;
}): string {
  const firstInvalid = opts.fields.findIndex((f) => f.error);
  // Focus goes to the first field with an error, else the summary when only the form failed, else the first field.
  const focusIndex = firstInvalid >= 0 ? firstInvalid : opts.formError ? -1 : opts.notice ? -2 : 0;
  const hidden = Object.entries(opts.hidden ?? {})
    .map(([name, value]) => `\n<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const username =
    opts.username === undefined ? '' : `\n<input type="email" name="username" autocomplete="username" value="${escapeHtml(opts.username)}" readonly hidden>`;
  const rows: string[] = [];
  for (let i = 0; i < opts.fields.length; i++) {
    const f = opts.fields[i] as Field;
    rows.push(renderField(f, i === focusIndex, opts.tx));
  }
  return layout(
    opts.title,
    `<h1>${escapeHtml(opts.title)}</h1>
<p class="lead">${escapeHtml(opts.lead)}</p>
${opts.notice ? `<div class="notice" role="status" id="form-notice" tabindex="-1"${focusIndex === -2 ? ' autofocus' : ''}>${escapeHtml(opts.notice)}</div>` : ''}
${opts.formError ? `<div class="alert" role="alert" id="form-error" tabindex="-1"${focusIndex === -1 ? ' autofocus' : ''}>${escapeHtml(opts.formError)}</div>` : ''}
<form method="post" action="${escapeHtml(opts.action)}" novalidate${opts.formError ? ' aria-describedby="form-error"' : ''}>
<input type="hidden" name="target" value="${escapeHtml(opts.target)}">${hidden}${username}
${rows.join('\n')}${opts.afterFields ?? ''}
<button type="submit">${escapeHtml(opts.button)}</button>
</form>
<p class="switch">${opts.switchHtml}</p>`,
    opts.tx,
  );
}

/** The sign-in page: Email, Password, "Forgot password?", "Sign in", and a link to sign up. */
export function signInPage(state: AuthPageState): string {
  const e = state.errors ?? {};
  const tx = authTexts(state.target);
  return form({
    tx,
    title: tx.signInTitle,
    lead: tx.signInLead,
    action: withTarget('/auth/sign-in', state.target),
    button: tx.signInTitle,
    target: state.target,
    formError: e['form'],
    notice: state.notice,
    afterFields: `\n<p class="forgot"><a href="${escapeHtml(withTarget(FORGOT_PASSWORD_PATH, state.target))}">${escapeHtml(tx.forgot)}</a></p>`,
    fields: [
      { name: 'email', label: tx.email, type: 'email', autocomplete: 'email', value: state.values?.['email'] ?? '', error: e['email'], maxLength: MAX_EMAIL },
      { name: 'password', label: tx.password, type: 'password', autocomplete: 'current-password', error: e['password'], maxLength: MAX_PASSWORD },
    ],
    switchHtml: `${escapeHtml(tx.newHere)} <a href="${escapeHtml(withTarget('/auth/sign-up', state.target))}">${escapeHtml(tx.signUpTitle)}</a>`,
  });
}

/** The sign-up page: First name, Last name, Email, Password, "Sign up", and a link to sign in. */
export function signUpPage(state: AuthPageState): string {
  const e = state.errors ?? {};
  const v = state.values ?? {};
  const tx = authTexts(state.target);
  return form({
    tx,
    title: tx.signUpTitle,
    lead: tx.signUpLead,
    action: withTarget('/auth/sign-up', state.target),
    button: tx.signUpTitle,
    target: state.target,
    formError: e['form'],
    fields: [
      {
        name: 'firstName',
        label: tx.firstName,
        type: 'text',
        autocomplete: 'given-name',
        value: v['firstName'] ?? '',
        error: e['firstName'],
        maxLength: MAX_PERSON_NAME,
      },
      {
        name: 'lastName',
        label: tx.lastName,
        type: 'text',
        autocomplete: 'family-name',
        value: v['lastName'] ?? '',
        error: e['lastName'],
        maxLength: MAX_PERSON_NAME,
      },
      { name: 'email', label: tx.email, type: 'email', autocomplete: 'email', value: v['email'] ?? '', error: e['email'], maxLength: MAX_EMAIL },
      {
        name: 'password',
        label: tx.password,
        type: 'password',
        autocomplete: 'new-password',
        error: e['password'],
        hint: passwordHint(tx),
        maxLength: MAX_PASSWORD,
      },
    ],
    switchHtml: `${escapeHtml(tx.haveAccount)} <a href="${escapeHtml(withTarget('/auth/sign-in', state.target))}">${escapeHtml(tx.signInTitle)}</a>`,
  });
}

/**
 * What sign-up answers when the form is valid, whether the email is new or already has an account
 * (so the page never tells who has one): look in your inbox. A new address gets the confirmation
 * link; an address with an account gets a note saying so.
 */
export function checkEmailPage(email: string, target: string): string {
  const tx = authTexts(target);
  const sent = fill(escapeHtml(tx.checkSent), { email: `<strong>${escapeHtml(email)}</strong>`, hours: VERIFICATION_LINK_SECONDS / 3600 });
  return layout(
    tx.checkTitle,
    `<h1>${escapeHtml(tx.checkTitle)}</h1>
<p class="lead sent">${sent}</p>
<p class="hint">${escapeHtml(tx.checkHint)}</p>
<p class="switch"><a href="${escapeHtml(withTarget('/auth/sign-in', target))}">${escapeHtml(tx.signInTitle)}</a></p>`,
    tx,
  );
}

/** The "Reset your password" page: Email and "Email me a reset link". */
export function forgotPasswordPage(state: AuthPageState): string {
  const e = state.errors ?? {};
  const tx = authTexts(state.target);
  return form({
    tx,
    title: tx.forgotTitle,
    lead: tx.forgotLead,
    action: withTarget(FORGOT_PASSWORD_PATH, state.target),
    button: tx.forgotButton,
    target: state.target,
    formError: e['form'],
    fields: [
      { name: 'email', label: tx.email, type: 'email', autocomplete: 'email', value: state.values?.['email'] ?? '', error: e['email'], maxLength: MAX_EMAIL },
    ],
    switchHtml: `${escapeHtml(tx.remembered)} <a href="${escapeHtml(withTarget('/auth/sign-in', state.target))}">${escapeHtml(tx.signInTitle)}</a>`,
  });
}

/**
 * What asking for a reset link answers, whether or not the address has an account (so the page
 * never tells who has one): look in your inbox.
 */
export function resetRequestedPage(email: string, target: string): string {
  const tx = authTexts(target);
  const sent = fill(escapeHtml(tx.resetSent), { email: `<strong>${escapeHtml(email)}</strong>`, minutes: RESET_LINK_SECONDS / 60 });
  const ask = `<a href="${escapeHtml(withTarget(FORGOT_PASSWORD_PATH, target))}">${escapeHtml(tx.askLink)}</a>`;
  return layout(
    tx.resetSentTitle,
    `<h1>${escapeHtml(tx.resetSentTitle)}</h1>
<p class="lead sent">${sent}</p>
<p class="hint">${fill(escapeHtml(tx.resetHint), { link: ask })}</p>
<p class="switch"><a href="${escapeHtml(withTarget('/auth/sign-in', target))}">${escapeHtml(tx.signInTitle)}</a></p>`,
    tx,
  );
}

/** The "Choose a new password" page a reset link opens: New password (with the policy under it) and "Save new password". */
export function resetPasswordPage(state: ResetPageState): string {
  const e = state.errors ?? {};
  const tx = authTexts(state.target);
  return form({
    tx,
    title: tx.resetTitle,
    lead: tx.resetLead,
    action: '/auth/reset-password',
    button: tx.saveButton,
    target: state.target,
    formError: e['form'],
    hidden: { token: state.token },
    username: state.email,
    fields: [
      {
        name: 'newPassword',
        label: tx.newPassword,
        type: 'password',
        autocomplete: 'new-password',
        error: e['newPassword'],
        hint: passwordHint(tx),
        maxLength: MAX_PASSWORD,
      },
    ],
    switchHtml: `<a href="${escapeHtml(withTarget('/auth/sign-in', state.target))}">${escapeHtml(tx.backToSignIn)}</a>`,
  });
}

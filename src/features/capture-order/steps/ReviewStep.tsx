import { useEffect, useState } from 'react';
import type { CaptureAccount, Quote } from '../../../domain/capture.ts';
import { EXCLUDES_TAX_NOTE, formatDuration, MSG } from '../../../domain/capture-rules.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { changePlan, getQuote, listAccounts } from '../../../client/capture.ts';
import { updateDraft, type Draft } from '../draft-store.ts';
import { formatAppointment, formatSize } from '../format.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T, type StepId } from '../texts.ts';
import { Alert, Loading } from '../ui.tsx';
import { messageOf } from '../validate.ts';

/** The accounts the user may order for, loaded once per page. */
let accountsCache: Promise<{ accounts: CaptureAccount[]; defaultAccountId: string }> | null = null;
/** The accounts (again after a plan change). */
export function loadAccounts(force = false) {
  if (force) accountsCache = null;
  accountsCache ??= listAccounts(browserHttp()).catch((e: unknown) => {
    accountsCache = null;
    throw e;
  });
  return accountsCache;
}

/** Everything the order says, as review rows (also used by the summary step). */
export function ReviewRows({ draft, onEdit }: { draft: Draft; onEdit?: (step: StepId, what: string) => void }) {
  const { checked, summary, hold, checkedContact, attachments } = draft;
  const edit = (step: StepId, what: string) =>
    onEdit && (
      <button type="button" className="btn btn-ghost btn-sm co-edit" aria-label={T.review.editLabel(what)} onClick={() => onEdit(step, what)}>
        {T.review.edit}
      </button>
    );
  return (
    <dl className="co-review">
      {checked && (
        <div>
          <dt>{T.summary.address}</dt>
          <dd>
            {checked.formatted.map((l) => (
              <span key={l} className="co-line">
                {l}
              </span>
            ))}
            {checked.isResidence && <span className="co-line co-hint">{T.review.residence}</span>}
            {edit('address', T.summary.address.toLowerCase())}
          </dd>
        </div>
      )}
      {summary && (
        <div>
          <dt>{T.property.types[summary.propertyType]}</dt>
          <dd>
            {summary.spaces.map((s, i) => (
              <span key={`${s.name}-${i}`} className="co-line">
                {s.name} · {formatSize(s.size, summary.unit)}
              </span>
            ))}
            <span className="co-line co-hint">{T.property.counter(summary.spaceCount, formatSize(summary.totalSize, summary.unit))}</span>
            {edit('property', T.summary.property.toLowerCase())}
          </dd>
        </div>
      )}
      {hold && (
        <div>
          <dt>{T.summary.time}</dt>
          <dd>
            <span className="co-line">{formatAppointment(hold)}</span>
            <span className="co-line co-hint">{T.review.visit(formatDuration(hold.visitMinutes))}</span>
            {edit('schedule', T.summary.time.toLowerCase())}
          </dd>
        </div>
      )}
      {checkedContact && (
        <div>
          <dt>{T.summary.contact}</dt>
          <dd>
            <span className="co-line">
              {checkedContact.firstName} {checkedContact.lastName}
              {checkedContact.isMe ? ` (${T.contact.me.toLowerCase()})` : ''}
            </span>
            <span className="co-line">{checkedContact.email}</span>
            <span className="co-line">{checkedContact.phoneDisplay}</span>
            {checkedContact.accessInstructions && (
              <span className="co-line co-hint">
                {T.review.instructions}: {checkedContact.accessInstructions}
              </span>
            )}
            {attachments.length > 0 && (
              <span className="co-line co-hint">
                {T.review.attachments}: {attachments.map((a) => a.fileName).join(', ')}
              </span>
            )}
            {edit('contact', T.summary.contact.toLowerCase())}
          </dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Step 5, 'Review order': everything so far with Edit links, the account and its plan (a Starter
 * account is offered the upgrade: the service needs Professional or Business), 'Starting at
 * {price}' that excludes tax and VAT, the terms, and that Confirm charges the default method.
 */
export function ReviewStep({ draft, onBack, onEdit, onDone }: { draft: Draft; onBack: () => void; onEdit: (step: StepId) => void; onDone: () => void }) {
  const [accounts, setAccounts] = useState<CaptureAccount[] | null>(null);
  const [accountId, setAccountId] = useState<string | null>(draft.accountId);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [terms, setTerms] = useState(draft.acceptTerms);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  const [upgradeMessage, setUpgradeMessage] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    loadAccounts()
      .then((r) => {
        setAccounts(r.accounts);
        setAccountId((id) => (id && r.accounts.some((a) => a.accountId === id) ? id : r.defaultAccountId));
      })
      .catch((e: unknown) => setError(messageOf(e)));
  }, []);

  useEffect(() => {
    if (!accountId || !draft.address || !draft.property) return undefined;
    let live = true;
    setQuote(null);
    getQuote(browserHttp(), { address: draft.address, property: draft.property, accountId })
      .then((q) => live && setQuote(q))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [accountId, draft.address, draft.property]);

  const account = accounts?.find((a) => a.accountId === accountId) ?? null;
  const allowed = account?.planAllowsCapture ?? false;

  const upgrade = async (plan: 'PROFESSIONAL' | 'BUSINESS') => {
    if (!account) return;
    setUpgrading(true);
    setUpgradeMessage(null);
    try {
      const next = await changePlan(browserHttp(), account.accountId, plan);
      setAccounts((list) => list?.map((a) => (a.accountId === next.accountId ? next : a)) ?? null);
      void loadAccounts(true).catch(() => undefined);
      setUpgradeMessage({ kind: 'success', text: T.review.upgraded(T.review.plans[next.plan]) });
      const q =
        draft.address && draft.property
          ? await getQuote(browserHttp(), { address: draft.address, property: draft.property, accountId: account.accountId })
          : null;
      if (q) setQuote(q);
    } catch (e) {
      setUpgradeMessage({ kind: 'error', text: messageOf(e) });
    } finally {
      setUpgrading(false);
    }
  };

  const next = (e: { preventDefault(): void }) => {
    e.preventDefault();
    if (!terms) {
      setTermsError(MSG.terms);
      document.getElementById('co-terms')?.focus();
      return;
    }
    if (!account || !allowed) {
      document.getElementById('co-plan')?.focus();
      return;
    }
    updateDraft({ acceptTerms: true, accountId: account.accountId });
    onDone();
  };

  return (
    <StepFrame step="review" formId="co-review-form" onBack={onBack} lede={T.review.lede}>
      <ReviewRows draft={draft} onEdit={(step) => onEdit(step)} />
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      <form id="co-review-form" className="co-form" noValidate onSubmit={next}>
        {accounts && accounts.length > 1 && (
          <div className="co-field">
            <label className="co-label" htmlFor="co-account">
              {T.review.account}
            </label>
            <select
              id="co-account"
              className="co-select"
              value={accountId ?? ''}
              onChange={(e) => {
                setAccountId(e.currentTarget.value);
                setUpgradeMessage(null);
                updateDraft({ accountId: e.currentTarget.value });
              }}
            >
              {accounts.map((a) => (
                <option key={a.accountId} value={a.accountId}>
                  {a.name} · {T.review.plans[a.plan]}
                </option>
              ))}
            </select>
          </div>
        )}
        {!accounts && !error && <Loading />}
        {account && (
          <section className="co-plan" id="co-plan" tabIndex={-1} aria-labelledby="co-plan-title">
            <h2 id="co-plan-title" className="co-subtitle">
              {T.review.plan}: {T.review.plans[account.plan]}
            </h2>
            {!allowed && (
              <Alert kind="info" quiet>
                <p>
                  <strong>{T.review.upgradeTitle}</strong>
                </p>
                <p>{account.canUpgrade ? T.review.upgradeText : T.review.askOwner}</p>
                {account.canUpgrade && (
                  <p className="co-actions">
                    <button type="button" className="btn btn-primary btn-sm" disabled={upgrading} onClick={() => void upgrade('PROFESSIONAL')}>
                      {T.review.upgradeTo(T.review.plans.PROFESSIONAL)}
                    </button>
                    <button type="button" className="btn btn-outline btn-sm" disabled={upgrading} onClick={() => void upgrade('BUSINESS')}>
                      {T.review.upgradeTo(T.review.plans.BUSINESS)}
                    </button>
                  </p>
                )}
              </Alert>
            )}
            {upgradeMessage && (
              <Alert kind={upgradeMessage.kind}>
                <p>{upgradeMessage.text}</p>
              </Alert>
            )}
          </section>
        )}
        <div className="co-price">
          {quote ? (
            <>
              <span className="co-price__amount">{quote.startingPriceText}</span>
              <span className="co-hint">{quote.priceNote}</span>
            </>
          ) : (
            draft.summary && (
              <>
                <span className="co-price__amount">{draft.summary.startingPriceText}</span>
                <span className="co-hint">{EXCLUDES_TAX_NOTE}</span>
              </>
            )
          )}
        </div>
        <div className="co-field">
          <label className="co-check">
            <input
              id="co-terms"
              type="checkbox"
              checked={terms}
              aria-invalid={Boolean(termsError)}
              aria-describedby={termsError ? 'co-terms-error' : undefined}
              onChange={(e) => {
                setTerms(e.currentTarget.checked);
                setTermsError(null);
                updateDraft({ acceptTerms: e.currentTarget.checked });
              }}
            />
            <span>{T.review.terms}</span>
          </label>
          {termsError && (
            <p className="co-error" id="co-terms-error">
              {termsError}
            </p>
          )}
        </div>
        <p className="co-hint">{T.review.charge}</p>
      </form>
    </StepFrame>
  );
}

import { useEffect, useState } from 'react';
import type { PaymentMethod, Quote } from '../../../domain/capture.ts';
import { browserHttp } from '../../../shared/session/browser-http.ts';
import { getQuote, listPaymentMethods, placeOrder } from '../../../client/capture.ts';
import { CAPTURE_PATHS } from '../paths.ts';
import { resetDraft, updateDraft, type Draft } from '../draft-store.ts';
import { formatMoney } from '../format.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Alert, Loading } from '../ui.tsx';
import { codeOf, messageOf } from '../validate.ts';

/** The lines of a quote or invoice: items, subtotal, tax lines, total, credit used first, amount due. */
export function PriceLines({ quote }: { quote: Pick<Quote, 'lines' | 'subtotal' | 'taxLines' | 'total' | 'creditApplied' | 'amountDue'> }) {
  return (
    <dl className="co-lines">
      {quote.lines.map((l) => (
        <div key={l.description}>
          <dt>{l.description}</dt>
          <dd>{formatMoney(l.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{T.checkout.subtotal}</dt>
        <dd>{formatMoney(quote.subtotal)}</dd>
      </div>
      {quote.taxLines.map((l) => (
        <div key={l.label}>
          <dt>{l.label}</dt>
          <dd>{formatMoney(l.amount)}</dd>
        </div>
      ))}
      <div>
        <dt>{T.checkout.total}</dt>
        <dd>{formatMoney(quote.total)}</dd>
      </div>
      {quote.creditApplied.amount !== 0 && (
        <div>
          <dt>{T.checkout.credit}</dt>
          <dd>−{formatMoney({ ...quote.creditApplied, amount: Math.abs(quote.creditApplied.amount) })}</dd>
        </div>
      )}
      <div className="co-lines__total">
        <dt>{T.checkout.due}</dt>
        <dd>{formatMoney(quote.amountDue)}</dd>
      </div>
    </dl>
  );
}

/**
 * Step 6, checkout: the payment method (the embedded default is invoice billing to the account,
 * chosen by default), what Confirm charges, and Confirm, which books the held time, matches the
 * technician and issues the invoice in one go.
 */
export function CheckoutStep({ draft, onBack, onDone, onChooseTime }: { draft: Draft; onBack: () => void; onDone: () => void; onChooseTime: () => void }) {
  const [methods, setMethods] = useState<PaymentMethod[] | null>(null);
  const [quote, setQuote] = useState<Quote | null>(null);
  const [method, setMethod] = useState(draft.paymentMethodId);
  const [error, setError] = useState<{ text: string; code: string | null } | null>(null);
  const [busy, setBusy] = useState(false);
  const accountId = draft.accountId;

  useEffect(() => {
    if (!accountId || !draft.address || !draft.property) return;
    const http = browserHttp();
    listPaymentMethods(http, accountId)
      .then((r) => {
        setMethods(r.methods);
        setMethod((m) => (r.methods.some((x) => x.id === m) ? m : ((r.methods.find((x) => x.isDefault) ?? r.methods[0])?.id ?? m)));
      })
      .catch((e: unknown) => setError({ text: messageOf(e), code: codeOf(e) }));
    getQuote(http, { address: draft.address, property: draft.property, accountId })
      .then(setQuote)
      .catch((e: unknown) => setError({ text: messageOf(e), code: codeOf(e) }));
  }, [accountId, draft.address, draft.property]);

  const confirm = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    const { address, property, hold, contact } = draft;
    if (!address || !property || !hold || !contact || !accountId) return;
    setBusy(true);
    setError(null);
    try {
      const order = await placeOrder(browserHttp(), {
        accountId,
        address,
        property,
        holdId: hold.id,
        contact,
        attachmentIds: draft.attachments.map((a) => a.id),
        paymentMethodId: method,
        acceptTerms: true,
      });
      resetDraft({ order, step: 'summary' });
      onDone();
    } catch (err) {
      const code = codeOf(err);
      if (code === 'HOLD_EXPIRED' || code === 'SLOT_UNAVAILABLE') updateDraft({ hold: null });
      setError({ text: messageOf(err), code });
    } finally {
      setBusy(false);
    }
  };

  const timeGone = error?.code === 'HOLD_EXPIRED' || error?.code === 'SLOT_UNAVAILABLE';
  // At the cap of upcoming orders the way on is the dashboard, where an order can be cancelled.
  const atOrderLimit = error?.code === 'ORDER_LIMIT_REACHED';
  return (
    <StepFrame
      step="checkout"
      formId="co-checkout-form"
      onBack={onBack}
      busy={busy}
      // Without a held time (it ran out or was taken) Confirm waits for another one.
      nextDisabled={!draft.hold}
      busyLabel={T.checkout.confirming}
      nextLabel={T.confirm}
      lede={T.checkout.lede}
    >
      <form id="co-checkout-form" className="co-form" noValidate onSubmit={(e) => void confirm(e)}>
        <fieldset className="co-fieldset">
          <legend>{T.checkout.method}</legend>
          {methods ? (
            <div className="co-choices co-choices--stack">
              {methods.map((m) => (
                <label key={m.id} className="co-choice">
                  <input type="radio" name="co-method" value={m.id} checked={method === m.id} onChange={() => setMethod(m.id)} />
                  <span>
                    {m.label}
                    {m.isDefault && <small>{T.checkout.defaultMethod}</small>}
                  </span>
                </label>
              ))}
            </div>
          ) : (
            <Loading />
          )}
          <p className="co-hint">{T.checkout.invoiceNote}</p>
        </fieldset>
        <section aria-labelledby="co-total-title" className="co-price">
          <h2 id="co-total-title" className="co-subtitle">
            {T.checkout.lines}
          </h2>
          {quote ? <PriceLines quote={quote} /> : <Loading />}
        </section>
        <p className="co-hint">{T.review.charge}</p>
      </form>
      {error && (
        <Alert kind="error">
          <p>{error.text}</p>
          {timeGone && (
            <p>
              <button type="button" className="btn btn-outline btn-sm" onClick={onChooseTime}>
                {T.checkout.chooseAgain}
              </button>
            </p>
          )}
          {atOrderLimit && (
            <p>
              <a className="btn btn-outline btn-sm" href={CAPTURE_PATHS.dashboard}>
                {T.done.dashboard}
              </a>
            </p>
          )}
        </Alert>
      )}
    </StepFrame>
  );
}

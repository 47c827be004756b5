import { useEffect, useState } from 'react';
import { ResponseError } from '../../client/http.ts';
import type { AddressInputIn, Appointment, Hold, Order, OrderStatus, PropertyDetailsInputIn } from '../../domain/capture.ts';
import { ADDRESS_FIELD_KEYS, formatDuration } from '../../domain/capture-rules.ts';
import { Dialog, ModalHead } from '../../shared/modals/Dialog.tsx';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { apiBase } from '../../shared/site/api-base.ts';
import { apiLink, cancelOrder, getOrder, holdSlot, releaseHold, rescheduleOrder } from '../../client/capture.ts';
import { formatAppointment, formatDate, formatDateTime, formatMoney, formatSize } from './format.ts';
import { CAPTURE_PATHS, orderIdFromPath } from './paths.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { T } from './texts.ts';
import { Alert, Icon, Loading, PageState, PATHS } from './ui.tsx';
import { useSignedIn } from './use-signed-in.ts';
import { messageOf } from './validate.ts';
import '../../shared/modals/modals.css';
import './capture.css';

const FLOW: readonly OrderStatus[] = ['RECEIVED', 'TECHNICIAN_ASSIGNED', 'SCHEDULED', 'CAPTURED', 'DELIVERED'];

/** The address and property of an order as the availability and hold calls take them. */
function inputsOf(order: Order): { address: AddressInputIn; property: PropertyDetailsInputIn } {
  const address: AddressInputIn = { countryCode: order.address.countryCode, isResidence: order.address.isResidence };
  for (const k of ADDRESS_FIELD_KEYS) address[k] = order.address[k];
  return { address, property: { propertyType: order.property.propertyType, unit: order.property.unit, spaces: order.property.spaces } };
}

/**
 * /capture/orders/{orderId}: status, appointment in the property's time zone, contact, spaces and
 * invoices (Owners and Billing Contacts only; a member is told why), with reschedule and cancel
 * until 24 hours before the start (the server decides: `canChange`).
 */
function OrderDetails() {
  const [order, setOrder] = useState<Order | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const session = useSignedIn();

  useEffect(() => {
    if (session.status !== 'ready') return;
    const id = orderIdFromPath(location.pathname);
    if (!id) {
      setError(T.details.notFound);
      return;
    }
    getOrder(browserHttp(), id)
      .then((o) => {
        setOrder(o);
        document.title = `${T.done.number(o.number)} | Discover`;
      })
      .catch((e: unknown) => setError(e instanceof ResponseError && e.status === 404 ? T.details.notFound : messageOf(e)));
  }, [session]);

  if (session.status !== 'ready') return <PageState failed={session.status === 'failed'} />;

  if (error)
    return (
      <div className="container co-page co-dash">
        <a href={CAPTURE_PATHS.dashboard}>← {T.details.back}</a>
        <h1>{error}</h1>
      </div>
    );
  if (!order)
    return (
      <div className="container co-page">
        <Loading />
      </div>
    );

  const a = order.appointment;
  const tz = a.timeZone;
  const current = FLOW.indexOf(order.status);
  return (
    <div className="container co-page co-dash">
      <p>
        <a href={CAPTURE_PATHS.dashboard}>← {T.details.back}</a>
      </p>
      <div className="co-dash__top">
        <div>
          <p className="kicker">{order.accountName}</p>
          <h1>{T.done.number(order.number)}</h1>
          <p className="muted">{T.details.placed(formatDateTime(order.createdAt, tz))}</p>
        </div>
        <span className="co-status" data-status={order.status}>
          {T.status[order.status]}
        </span>
      </div>
      {order.status !== 'CANCELLED' && (
        <ol className="co-timeline" aria-label={T.details.status}>
          {FLOW.map((s, i) => (
            <li key={s} data-state={i < current ? 'done' : i === current ? 'current' : 'todo'} aria-current={i === current ? 'step' : undefined}>
              {T.status[s]}
            </li>
          ))}
        </ol>
      )}
      {notice && (
        <Alert kind="success">
          <p>{notice}</p>
        </Alert>
      )}
      <div className="co-details">
        <section className="co-card co-card--wide" aria-labelledby="co-appt-title">
          <h2 id="co-appt-title">{T.details.appointment}</h2>
          <dl className="co-kv">
            <div>
              <dt>{T.details.appointment}</dt>
              <dd data-testid="appointment">{formatAppointment(a)}</dd>
            </div>
            <div>
              <dt>{T.details.duration}</dt>
              <dd>{formatDuration(a.visitMinutes)}</dd>
            </div>
            <div>
              <dt>{T.details.technician}</dt>
              <dd>{a.technicianName}</dd>
            </div>
          </dl>
          {order.status !== 'CANCELLED' && (
            <>
              <p className="co-hint co-gap">{order.canChange ? T.details.changeUntil(formatDateTime(order.changeDeadline, tz)) : T.details.changeClosed}</p>
              <div className="co-actions co-gap">
                <a className="btn btn-outline btn-sm" href={apiLink(apiBase(), order.calendarUrl)} download={`${order.number}.ics`}>
                  <Icon d={PATHS.calendar} /> {T.details.calendar}
                </a>
                {order.canChange && (
                  <>
                    <button type="button" className="btn btn-primary btn-sm" onClick={() => setDialog('reschedule')}>
                      {T.details.reschedule}
                    </button>
                    <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('cancel')}>
                      {T.details.cancel}
                    </button>
                  </>
                )}
              </div>
            </>
          )}
        </section>
        {order.status !== 'CANCELLED' && (
          <section className="co-card co-card--wide" aria-labelledby="co-delivery-title">
            <h2 id="co-delivery-title">{T.details.delivery}</h2>
            <dl className="co-kv">
              <div>
                <dt>{T.details.visitTime}</dt>
                <dd data-testid="visit-time">
                  {order.delivery.capturedAt
                    ? T.details.visitEnded(formatDateTime(order.delivery.capturedAt, tz))
                    : T.details.visitPlanned(formatDateTime(order.delivery.visitAt, tz))}
                </dd>
              </div>
              <div>
                <dt>{T.details.deliveryTime}</dt>
                <dd data-testid="delivery-time">
                  {order.delivery.deliveredAt
                    ? T.details.deliveredAt(formatDateTime(order.delivery.deliveredAt, tz))
                    : T.details.dueBy(formatDateTime(order.delivery.dueAt, tz))}
                </dd>
              </div>
            </dl>
            {order.delivery.overdue && <p className="co-hint co-gap">{T.details.late}</p>}
            {order.delivery.spaceUrl && (
              <div className="co-actions co-gap">
                <a className="btn btn-primary btn-sm" href={order.delivery.spaceUrl}>
                  {T.details.viewSpace}
                </a>
                <span className="co-hint">{T.details.spacePrivate}</span>
              </div>
            )}
          </section>
        )}
        <section className="co-card" aria-labelledby="co-prop-title">
          <h2 id="co-prop-title">{T.details.property}</h2>
          <p>
            {order.address.formatted.map((l) => (
              <span key={l} className="co-line">
                {l}
              </span>
            ))}
          </p>
          <table className="co-table co-gap">
            <caption className="visually-hidden">{T.details.spaces}</caption>
            <thead>
              <tr>
                <th scope="col">{T.details.space}</th>
                <th scope="col" className="co-num">
                  {T.details.size}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.property.spaces.map((s, i) => (
                <tr key={`${s.name}-${i}`}>
                  <td>{s.name}</td>
                  <td className="co-num">{formatSize(s.size, order.property.unit)}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">
                  {T.details.total} · {T.property.types[order.property.propertyType]}
                </th>
                <td className="co-num">
                  <strong>{formatSize(order.property.totalSize, order.property.unit)}</strong>
                </td>
              </tr>
            </tbody>
          </table>
        </section>
        <section className="co-card" aria-labelledby="co-contact-title">
          <h2 id="co-contact-title">{T.details.contact}</h2>
          <dl className="co-kv">
            <div>
              <dt>{T.details.name}</dt>
              <dd>
                {order.contact.firstName} {order.contact.lastName}
              </dd>
            </div>
            <div>
              <dt>{T.contact.email}</dt>
              <dd>{order.contact.email}</dd>
            </div>
            <div>
              <dt>{T.contact.phone}</dt>
              <dd>{order.contact.phoneDisplay}</dd>
            </div>
            {order.contact.accessInstructions && (
              <div>
                <dt>{T.contact.instructions}</dt>
                <dd>{order.contact.accessInstructions}</dd>
              </div>
            )}
            {order.attachments.length > 0 && (
              <div>
                <dt>{T.review.attachments}</dt>
                <dd>
                  {order.attachments.map((f) => (
                    <a key={f.id} className="co-line" href={apiLink(apiBase(), f.url)}>
                      {f.fileName}
                    </a>
                  ))}
                </dd>
              </div>
            )}
          </dl>
        </section>
        <section className="co-card co-card--wide" aria-labelledby="co-pay-title">
          <h2 id="co-pay-title">{T.details.payment}</h2>
          <dl className="co-lines">
            <div>
              <dt>{T.checkout.subtotal}</dt>
              <dd>{formatMoney(order.price.subtotal)}</dd>
            </div>
            <div>
              <dt>{T.details.tax}</dt>
              <dd>{formatMoney(order.price.tax)}</dd>
            </div>
            <div>
              <dt>{T.checkout.total}</dt>
              <dd>{formatMoney(order.price.total)}</dd>
            </div>
            {order.price.creditApplied.amount !== 0 && (
              <div>
                <dt>{T.checkout.credit}</dt>
                <dd>−{formatMoney({ ...order.price.creditApplied, amount: Math.abs(order.price.creditApplied.amount) })}</dd>
              </div>
            )}
            <div className="co-lines__total">
              <dt>
                {T.checkout.due}
                <span className="co-line co-hint">{order.paymentMethod.label}</span>
              </dt>
              <dd>{formatMoney(order.price.amountDue)}</dd>
            </div>
          </dl>
          <h3 className="co-subtitle co-gap">{T.details.invoices}</h3>
          {order.canSeeInvoices && order.invoices ? (
            <div className="co-scroll">
              <table className="co-table">
                <thead>
                  <tr>
                    <th scope="col">{T.details.number}</th>
                    <th scope="col">{T.details.kind}</th>
                    <th scope="col">{T.details.status}</th>
                    <th scope="col" className="co-num">
                      {T.details.amount}
                    </th>
                    <th scope="col">
                      <span className="visually-hidden">PDF</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {order.invoices.map((inv) => (
                    <tr key={inv.id}>
                      <td>
                        {inv.number}
                        <span className="co-line co-hint">{formatDate(inv.issuedAt, tz)}</span>
                      </td>
                      <td>{T.details.invoiceKinds[inv.kind]}</td>
                      <td>{T.details.invoiceStatus[inv.status]}</td>
                      <td className="co-num">{formatMoney(inv.total)}</td>
                      <td>
                        <a className="co-pdf" href={apiLink(apiBase(), inv.pdfUrl)} download={`${inv.number}.pdf`}>
                          <Icon d={PATHS.download} className="co-inline-icon" /> <span className="visually-hidden">{T.details.download(inv.number)} </span>
                          PDF
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <Alert kind="info" quiet>
              <p>{T.details.invoicesHidden}</p>
            </Alert>
          )}
        </section>
      </div>
      <RescheduleDialog
        open={dialog === 'reschedule'}
        order={order}
        onClose={() => setDialog(null)}
        onDone={(next) => {
          setOrder(next);
          setNotice(T.details.rescheduled);
        }}
      />
      <CancelDialog
        open={dialog === 'cancel'}
        order={order}
        onClose={() => setDialog(null)}
        onDone={(next, text) => {
          setOrder(next);
          setNotice(text);
          setDialog(null);
        }}
      />
    </div>
  );
}

/** The prior and the new time side by side (spec 4: the confirmation shows both). */
function Compare({ before, after }: { before: Appointment; after: Pick<Appointment, 'start' | 'end' | 'timeZone'> }) {
  return (
    <dl className="co-compare">
      <div className="co-compare__old">
        <dt>{T.details.previous}</dt>
        <dd>{formatAppointment(before)}</dd>
      </div>
      <div className="co-compare__new">
        <dt>{T.details.newTime}</dt>
        <dd>{formatAppointment(after)}</dd>
      </div>
    </dl>
  );
}

type Stage = { kind: 'pick' } | { kind: 'confirm'; hold: Hold } | { kind: 'done'; before: Appointment; after: Appointment };

/** Reschedule: pick a new time (held for 10 minutes), confirm with the prior and new date, done. */
function RescheduleDialog({ open, order, onClose, onDone }: { open: boolean; order: Order; onClose: () => void; onDone: (o: Order) => void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'pick' });
  const [pending, setPending] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const inputs = inputsOf(order);

  const close = () => {
    if (stage.kind === 'confirm') void releaseHold(browserHttp(), stage.hold.id).catch(() => undefined);
    setStage({ kind: 'pick' });
    setError(null);
    onClose();
  };
  const pick = async (start: string) => {
    setError(null);
    setPending(start);
    try {
      const hold = await holdSlot(browserHttp(), { ...inputs, start, orderId: order.id });
      setStage({ kind: 'confirm', hold });
    } catch (e) {
      setError(messageOf(e));
      setReload((n) => n + 1);
    } finally {
      setPending(null);
    }
  };
  const confirm = async (hold: Hold) => {
    setBusy(true);
    setError(null);
    try {
      const r = await rescheduleOrder(browserHttp(), order.id, { holdId: hold.id });
      setStage({ kind: 'done', before: r.previousAppointment, after: r.newAppointment });
      onDone(r.order);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const title = stage.kind === 'pick' ? T.details.rescheduleTitle : stage.kind === 'confirm' ? T.details.rescheduleConfirmTitle : T.details.rescheduled;
  return (
    <Dialog open={open} onClose={close} labelledBy="co-resched-title">
      <ModalHead id="co-resched-title" title={title} closeLabel={T.details.close} onClose={close} />
      {stage.kind === 'pick' && (
        <>
          <p className="co-hint">
            {T.details.previous}: {formatAppointment(order.appointment)}
          </p>
          <SlotPicker
            {...inputs}
            orderId={order.id}
            current={order.appointment.start}
            selected={null}
            pending={pending}
            reload={reload}
            onPick={(s) => void pick(s.start)}
            idPrefix="co-resched"
          />
        </>
      )}
      {stage.kind === 'confirm' && (
        <>
          <Compare before={order.appointment} after={stage.hold} />
          <div className="du-row du-row--end">
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => {
                void releaseHold(browserHttp(), stage.hold.id).catch(() => undefined);
                setStage({ kind: 'pick' });
              }}
            >
              {T.back}
            </button>
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirm(stage.hold)}>
              {T.details.confirmReschedule}
            </button>
          </div>
        </>
      )}
      {stage.kind === 'done' && (
        <>
          <Compare before={stage.before} after={stage.after} />
          <div className="du-row du-row--end">
            <button type="button" className="btn btn-primary" onClick={close}>
              {T.details.close}
            </button>
          </div>
        </>
      )}
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
    </Dialog>
  );
}

/** Cancel: what is released and credited, then the credit and the new balance. */
function CancelDialog({ open, order, onClose, onDone }: { open: boolean; order: Order; onClose: () => void; onDone: (o: Order, text: string) => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await cancelOrder(browserHttp(), order.id);
      onDone(r.order, T.details.cancelled(formatMoney(r.credited), formatMoney(r.creditBalance)));
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    setError(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} labelledBy="co-cancel-title">
      <ModalHead id="co-cancel-title" title={T.details.cancelTitle} closeLabel={T.details.close} onClose={close} />
      <p>
        <strong>{formatAppointment(order.appointment)}</strong>
      </p>
      <p>{T.details.cancelText(formatMoney(order.price.total))}</p>
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      <div className="du-row du-row--end">
        <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
          {T.details.keep}
        </button>
        <button type="button" className="btn co-btn-danger" onClick={() => void cancel()} disabled={busy}>
          {T.details.confirmCancel}
        </button>
      </div>
    </Dialog>
  );
}

/** The island, inside the error boundary every island has. */
export default function OrderDetailsIsland() {
  return (
    <IslandBoundary locale="en" name="Capture order details">
      <OrderDetails />
    </IslandBoundary>
  );
}

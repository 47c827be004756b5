import type { Order } from '../../../domain/capture.ts';
import { DELIVERY_HOURS, formatDuration } from '../../../domain/capture-rules.ts';
import { apiBase } from '../../../shared/site/api-base.ts';
import { apiLink } from '../../../client/capture.ts';
import { formatAppointment, formatMoney } from '../format.ts';
import { StepFrame } from '../StepFrame.tsx';
import { T } from '../texts.ts';
import { Icon, PATHS } from '../ui.tsx';

/** Props of the last step. */
export interface SummaryProps {
  order: Order;
  dashboardHref: string;
  detailsHref: string;
}

/**
 * Step 7, 'Order received': the order number, what happens next (technician matched, digital twin
 * within 24 hours of the visit), the appointment with its .ics file, and 'Return to Dashboard'.
 */
export function SummaryStep({ order, dashboardHref, detailsHref }: SummaryProps) {
  const a = order.appointment;
  return (
    <StepFrame
      step="summary"
      lede={T.done.lede}
      actions={
        <>
          <a className="btn btn-outline" href={detailsHref}>
            {T.done.details}
          </a>
          <a className="btn btn-primary co-nav__next" href={dashboardHref}>
            {T.done.dashboard}
          </a>
        </>
      }
    >
      <div className="co-done">
        <div className="co-done__head">
          <div className="co-done__badge" aria-hidden="true">
            <Icon d={PATHS.check} />
          </div>
          <p>
            <strong>{T.done.number(order.number)}</strong> · {T.status[order.status]}
            <span className="co-line co-hint">{order.accountName}</span>
          </p>
        </div>
        <section aria-labelledby="co-appointment-title" className="co-price">
          <h2 id="co-appointment-title" className="co-subtitle">
            {T.done.appointment}
          </h2>
          <p>
            <strong>{formatAppointment(a)}</strong>
          </p>
          <p className="co-hint">
            {order.address.formatted.join(', ')} · {formatDuration(a.visitMinutes)}
          </p>
          <p>
            <a className="btn btn-outline btn-sm" href={apiLink(apiBase(), order.calendarUrl)} download={`${order.number}.ics`}>
              <Icon d={PATHS.calendar} /> {T.done.calendar}
            </a>
          </p>
        </section>
        <section aria-labelledby="co-next-title">
          <h2 id="co-next-title" className="co-subtitle">
            {T.done.nextTitle}
          </h2>
          <ol className="co-next">
            {T.done.next(a.technicianName, DELIVERY_HOURS).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </section>
        <p className="co-hint">
          {T.checkout.total}: {formatMoney(order.price.total)} · {order.paymentMethod.label}
        </p>
      </div>
    </StepFrame>
  );
}

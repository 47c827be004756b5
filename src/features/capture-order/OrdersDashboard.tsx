import { useEffect, useState } from 'react';
import type { OrderList } from '../../domain/capture.ts';
import { IslandBoundary } from '../../shared/errors/IslandBoundary.tsx';
import { browserHttp } from '../../shared/session/browser-http.ts';
import { listOrders } from '../../client/capture.ts';
import { formatAppointment, formatMoney } from './format.ts';
import { CAPTURE_PATHS } from './paths.ts';
import { T } from './texts.ts';
import { Alert, Loading, PageState } from './ui.tsx';
import { useSignedIn } from './use-signed-in.ts';
import { messageOf } from './validate.ts';
import './capture.css';

/**
 * /capture/orders, the dashboard ('Return to Dashboard' comes here): every order of the user's
 * accounts with its status and appointment in the property's time zone, and each account's credit.
 */
function OrdersDashboard() {
  const [data, setData] = useState<OrderList | null>(null);
  const [error, setError] = useState<string | null>(null);

  const session = useSignedIn();

  useEffect(() => {
    if (session.status !== 'ready') return;
    listOrders(browserHttp())
      .then(setData)
      .catch((e: unknown) => setError(messageOf(e)));
  }, [session]);

  if (session.status !== 'ready') return <PageState failed={session.status === 'failed'} />;

  return (
    <div className="container co-page co-dash">
      <div className="co-dash__top">
        <div>
          <p className="kicker">{T.kicker}</p>
          <h1>{T.dashboard.title}</h1>
          <p className="page-head__lede">{T.dashboard.lede}</p>
        </div>
        <a className="btn btn-primary" href={CAPTURE_PATHS.flow}>
          {T.dashboard.order}
        </a>
      </div>
      {error && (
        <Alert kind="error">
          <p>{error}</p>
        </Alert>
      )}
      {!data && !error && <Loading />}
      {data && (
        <>
          {data.accounts.length > 0 && (
            <dl className="co-stats">
              {data.accounts.map((a) => (
                <div key={a.accountId} className="co-stat">
                  <dt>{T.dashboard.credit(a.name)}</dt>
                  <dd data-testid="credit-balance">{formatMoney(a.creditBalance)}</dd>
                </div>
              ))}
            </dl>
          )}
          {data.orders.length === 0 ? (
            <div className="empty-state">
              <h2>{T.dashboard.empty}</h2>
              <p className="muted">{T.dashboard.emptyText}</p>
              <a className="btn btn-primary" href={CAPTURE_PATHS.flow}>
                {T.dashboard.order}
              </a>
            </div>
          ) : (
            <ul className="co-orders" aria-label={T.dashboard.title}>
              {data.orders.map((o) => (
                <li key={o.id} className="co-order">
                  <h3>
                    <a href={CAPTURE_PATHS.order(o.id)}>
                      {o.number} · {o.address.formatted[0] ?? o.address.place}
                    </a>
                  </h3>
                  <span className="co-status" data-status={o.status}>
                    {T.status[o.status]}
                  </span>
                  <p className="co-order__when">
                    {T.dashboard.appointment}: {formatAppointment(o.appointment)}
                  </p>
                  <p className="co-order__meta">
                    {o.accountName} · {T.dashboard.total} {formatMoney(o.price.total)}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The island, inside the error boundary every island has. */
export default function OrdersDashboardIsland() {
  return (
    <IslandBoundary locale="en" name="Capture orders">
      <OrdersDashboard />
    </IslandBoundary>
  );
}

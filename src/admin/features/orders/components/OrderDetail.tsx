import { useState } from 'react';
import { useParams } from 'react-router';
import { PATHS } from '../../../app/paths.ts';
import { DetailState } from '../../../components/DetailState.tsx';
import { SelectField } from '../../../components/fields.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useOrder } from '../api/get-order.ts';
import { useOrders } from '../api/get-orders.ts';
import { useReassignOrder } from '../api/reassign-order.ts';
import { inZone, money } from '../format.ts';
import { t } from '../texts.ts';
import '../orders.css';

const back = { to: PATHS.orders, title: t('detail.back') };

/** /admin/orders/:orderId: one order's visit and delivery, the statuses' history, and reassigning the technician. */
export function OrderDetail() {
  const orderId = useParams()['orderId'] ?? '';
  const query = useOrder(orderId);
  const choices = useOrders({ page: 1, pageSize: 1 });
  const reassign = useReassignOrder();
  const [technicianId, setTechnicianId] = useState('');
  const order = query.data;
  if (!order) return <DetailState title={t('title')} back={back} query={query} notFound={t('detail.notFound')} />;
  const zone = order.timeZone;
  const d = order.delivery;
  const open = !['CAPTURED', 'DELIVERED', 'CANCELLED'].includes(order.status);
  const others = (choices.data?.technicians ?? []).filter((x) => x.id !== order.technicianId);

  const rows: [string, string | null][] = [
    [t('detail.customer'), `${order.accountName} · ${order.customerEmail}`],
    [t('detail.address'), order.address],
    [t('detail.visit'), `${inZone(order.start, zone)} – ${inZone(order.end, zone)}`],
    [t('detail.technician'), `${order.technicianName} (${order.areaName})`],
    [t('detail.arrived'), d.arrivedAt ? inZone(d.arrivedAt, zone) : t('detail.notYet')],
    [t('detail.captured'), d.capturedAt ? inZone(d.capturedAt, zone) : t('detail.notYet')],
    [t('detail.due'), inZone(d.dueAt, zone)],
    [t('detail.delivered'), d.deliveredAt ? inZone(d.deliveredAt, zone) : t('detail.notYet')],
    [t('detail.total'), money(order.total)],
  ];

  return (
    <div className="adm-stack">
      <PageHeader
        title={t('detail.title', { number: order.number })}
        back={back}
        actions={<span className={`adm-badge ${order.status === 'DELIVERED' ? 'adm-badge--live' : 'adm-badge--off'}`}>{t(`status.${order.status}`)}</span>}
      />
      {d.overdue && (
        <p className="adm-card ord-alert" role="status">
          <strong>{t('overdue.flag')}</strong>
        </p>
      )}
      <section className="adm-card">
        <dl className="ord-facts">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
          {d.spaceUrl && (
            <div>
              <dt>{t('detail.space')}</dt>
              <dd>
                <a href={d.spaceUrl} target="_blank" rel="noopener">
                  {t('detail.viewSpace')}
                </a>
              </dd>
            </div>
          )}
        </dl>
      </section>
      {open && (
        <section className="adm-card" aria-labelledby="ord-reassign">
          <h2 id="ord-reassign">{t('detail.reassign')}</h2>
          <form
            className="ord-reassign"
            onSubmit={(e) => {
              e.preventDefault();
              if (!technicianId) return;
              const name = others.find((x) => x.id === technicianId)?.name ?? '';
              reassign.mutate(
                { orderId: order.id, technicianId },
                { onSuccess: () => notifySuccess(t('detail.reassigned', { name })), onError: (err) => notifyError(err) },
              );
            }}
          >
            <SelectField
              label={t('detail.technician')}
              hint={t('detail.reassignHint')}
              value={technicianId}
              onChange={(e) => setTechnicianId(e.target.value)}
              options={[{ value: '', label: '—' }, ...others.map((x) => ({ value: x.id, label: `${x.name} (${x.areaName})` }))]}
            />
            <button type="submit" className="adm-btn adm-btn--primary" disabled={!technicianId || reassign.isPending}>
              {t('detail.reassignButton')}
            </button>
          </form>
        </section>
      )}
      <section className="adm-card" aria-labelledby="ord-history">
        <h2 id="ord-history">{t('detail.history')}</h2>
        <ol className="ord-history">
          {order.history.map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <time dateTime={h.at}>{inZone(h.at, zone)}</time> — {t(`status.${h.status}`)}
              {h.note ? ` · ${h.note}` : ''}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

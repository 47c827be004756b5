import type { Job } from '../../../../domain/capture-delivery.ts';
import { notifyError, notifySuccess } from '../../../components/status-store.ts';
import { useMarkJob, type JobStep } from '../api/mark-job.ts';
import { t } from '../texts.ts';
import { inZone, timeIn, zoneName } from '../../../lib/zoned-time.ts';
import { CaptureUpload } from './CaptureUpload.tsx';

/** One visit: when, where, who lets the technician in and how, what the customer sent, and the technician's steps. */
export function JobCard({ job, showTechnician }: { job: Job; showTechnician: boolean }) {
  const mark = useMarkJob();
  const zone = job.timeZone;
  const headingId = `job-${job.orderId}`;
  const step = (s: JobStep) =>
    mark.mutate(
      { orderId: job.orderId, step: s },
      { onSuccess: () => notifySuccess(t(s === 'arrived' ? 'done.arrived' : 'done.captured')), onError: (e) => notifyError(e) },
    );
  const d = job.delivery;
  const { lat, long } = job.address.location;

  return (
    <article className="adm-card job-card" aria-labelledby={headingId}>
      <header className="job-card__head">
        <h3 id={headingId}>
          <time dateTime={job.start}>{t('job.time', { start: timeIn(job.start, zone), end: timeIn(job.end, zone), zone: zoneName(job.start, zone) })}</time>
        </h3>
        <span className={`adm-badge ${job.status === 'DELIVERED' ? 'adm-badge--live' : job.status === 'CANCELLED' ? 'adm-badge--off' : 'adm-badge--warn'}`}>
          {t(`status.${job.status}`)}
        </span>
        <span className="adm-muted">{job.number}</span>
      </header>
      <dl className="job-card__facts">
        <div>
          <dt>{t('job.address')}</dt>
          <dd>
            {job.address.formatted.map((line) => (
              <span key={line} className="job-line">
                {line}
              </span>
            ))}
            <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${long}#map=17/${lat}/${long}`} target="_blank" rel="noopener noreferrer">
              {t('job.map')}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('job.contact')}</dt>
          <dd>
            <span className="job-line">
              {job.contact.firstName} {job.contact.lastName}
            </span>
            <a href={`tel:${job.contact.phoneE164}`}>{t('job.call', { phone: job.contact.phoneDisplay })}</a>
            <a href={`mailto:${job.contact.email}`}>{job.contact.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('job.access')}</dt>
          <dd className="job-access">{job.contact.accessInstructions || t('job.noAccess')}</dd>
        </div>
        <div>
          <dt>{t('job.property')}</dt>
          <dd>
            {job.property.spaces.map((s) => s.name).join(', ')} · {job.customerName}
            {showTechnician && (
              <span className="job-line">
                {t('job.technician')}: {job.technicianName}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('job.attachments')}</dt>
          <dd>
            {job.attachments.length === 0
              ? t('job.noAttachments')
              : job.attachments.map((a) => (
                  <a key={a.id} className="job-line" href={a.url} target="_blank" rel="noopener noreferrer">
                    {a.fileName}
                  </a>
                ))}
          </dd>
        </div>
      </dl>
      <ul className="job-steps">
        {d.arrivedAt && <li>{t('step.arrived', { time: inZone(d.arrivedAt, zone) })}</li>}
        {d.capturedAt && <li>{t('step.captured', { time: inZone(d.capturedAt, zone) })}</li>}
        {d.deliveredAt && <li>{t('step.delivered', { time: inZone(d.deliveredAt, zone) })}</li>}
        {!d.deliveredAt && job.status !== 'CANCELLED' && (
          <li className={d.overdue ? 'job-overdue' : undefined}>{t(d.overdue ? 'step.overdue' : 'step.due', { time: inZone(d.dueAt, zone) })}</li>
        )}
        {job.upload?.status === 'processing' && <li>{t('upload.processing')}</li>}
        {job.upload?.status === 'ready' && <li>{t('upload.ready')}</li>}
        {job.upload?.status === 'failed' && <li className="job-overdue">{t('upload.failed', { reason: job.upload.error ?? '' })}</li>}
      </ul>
      <div className="adm-actions job-actions">
        {job.canArrive && (
          <button type="button" className="adm-btn" disabled={mark.isPending} onClick={() => step('arrived')}>
            {t('action.arrived')}
          </button>
        )}
        {job.canCapture && (
          <button type="button" className="adm-btn adm-btn--primary" disabled={mark.isPending} onClick={() => step('captured')}>
            {t('action.captured')}
          </button>
        )}
        {job.canUpload && <CaptureUpload job={job} />}
      </div>
    </article>
  );
}

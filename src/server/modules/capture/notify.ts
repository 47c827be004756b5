import type { Transaction } from 'kysely';
import type { CheckedAddress, Technician } from '../../../domain/capture.ts';
import type { Deps } from '../../context.ts';
import { enqueueEmail } from '../../platform/outbox/outbox.ts';
import { coverageEmail } from './emails.ts';
import { captureServices } from './services.ts';
import { parseJson } from './store.ts';
import { distanceKm } from './technicians.ts';
import type { Database } from '../../db/schema.ts';

/**
 * When a technician is added or their area changes, the pending notify-me signups inside the new
 * area are emailed once each, in the same transaction as the change (the outbox delivers after
 * commit). Answers how many were notified.
 */
export async function notifyNewlyCovered(tx: Transaction<Database>, deps: Deps, technician: Technician, now: Date): Promise<number> {
  if (!technician.isActive) return 0;
  // A bounding box first (one degree of latitude is ~111 km), then the exact distance.
  const dLat = technician.radiusKm / 111;
  const pending = await tx
    .selectFrom('capture_notify_requests')
    .selectAll()
    .where('notifiedAt', 'is', null)
    .where('lat', '>=', technician.location.lat - dLat)
    .where('lat', '<=', technician.location.lat + dLat)
    .execute();
  let notified = 0;
  for (const request of pending) {
    if (distanceKm(technician.location, { lat: Number(request.lat), long: Number(request.long) }) > technician.radiusKm) continue;
    const address = parseJson<CheckedAddress>(request.address);
    const email = coverageEmail({ email: request.email, firstName: request.firstName }, address.place || address.formatted.join(', '), {
      publicOrigin: deps.env.publicOrigin,
    });
    await enqueueEmail(tx, 'capture.coverage.available', email, captureServices(deps).clock);
    await tx
      .updateTable('capture_notify_requests')
      .set({ notifiedAt: now.toISOString(), notifiedTechnicianId: technician.id })
      .where('id', '=', request.id)
      .execute();
    notified++;
  }
  return notified;
}

import type { Selectable, Kysely } from 'kysely';
import type { z } from 'zod';
import type { LeadInput, LeadReceipt, LeadWebhookPayload, MyLeads } from '../../../domain/marketplace.ts';
import { LEAD_RATE, marketplacePath, type LeadStatus } from '../../../domain/marketplace-rules.ts';
import { phoneE164 } from '../../../domain/phone-rules.ts';
import { SITE_BASE } from '../../../domain/urls.ts';
import { clockOf } from '../../platform/clock.ts';
import type { Deps, SessionUser } from '../../context.ts';
import type { MarketplaceLeadsTable } from '../../db/schema/marketplace.ts';
import { ApiError, notFound } from '../../platform/errors.ts';
import { enqueue, enqueueEmail } from '../../platform/outbox/outbox.ts';
import { checkAuthorizedSpaces } from './spaces.ts';
import { parseJson } from './store.ts';
import type { Database } from '../../db/schema.ts';
import { prefixedId } from '../../platform/ids.ts';

/** The request form after validation (defaults filled in). */
export type LeadFields = z.output<typeof LeadInput>;

/** Topics of the outbox messages a lead makes (the delivery log shows them). */
export const LEAD_TOPIC = { webhook: 'lead.created', email: 'marketplace.lead' } as const;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** 429 with when to try again: the oldest request of the full window leaves it then. */
function rateLimited(scope: 'app' | 'user', oldest: string, windowMs: number, now: Date): ApiError {
  const retryAfterSeconds = Math.max(1, Math.ceil((new Date(oldest).getTime() + windowMs - now.getTime()) / 1000));
  const limit = scope === 'app' ? LEAD_RATE.perAppPerHour : LEAD_RATE.perUserPerDay;
  return new ApiError(
    'RATE_LIMITED',
    'You have sent too many requests. Try again later.',
    { retryAfterSeconds, limit, window: scope === 'app' ? 'hour' : 'day', scope },
    { retry: true },
  );
}

/** Refuses a request over the limits (3 per user and app per rolling hour, 20 per user per rolling day). */
async function checkRate(db: Kysely<Database>, userId: string, appId: string, now: Date): Promise<void> {
  const perApp = await db
    .selectFrom('marketplace_leads')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('appId', '=', appId)
    .where('createdAt', '>', new Date(now.getTime() - HOUR).toISOString())
    .orderBy('createdAt')
    .execute();
  if (perApp.length >= LEAD_RATE.perAppPerHour)
    throw rateLimited('app', (perApp[perApp.length - LEAD_RATE.perAppPerHour] as { createdAt: string }).createdAt, HOUR, now);
  const perUser = await db
    .selectFrom('marketplace_leads')
    .select('createdAt')
    .where('userId', '=', userId)
    .where('createdAt', '>', new Date(now.getTime() - DAY).toISOString())
    .orderBy('createdAt')
    .execute();
  if (perUser.length >= LEAD_RATE.perUserPerDay)
    throw rateLimited('user', (perUser[perUser.length - LEAD_RATE.perUserPerDay] as { createdAt: string }).createdAt, DAY, now);
}

/** The email a partner's contact address gets for a lead (plain text; the webhook carries the same facts). */
export function leadEmailText(p: LeadWebhookPayload): string {
  const d = p.data;
  return [
    `New access request for ${d.app.name} on Discover`,
    '',
    `Name: ${d.contact.name}`,
    `Email: ${d.contact.email}`,
    `Company: ${d.contact.company || '-'}`,
    `Phone: ${d.contact.phone}`,
    '',
    'Spaces:',
    ...d.spaces.map((s) => `- ${s.name}: ${s.url}`),
    '',
    'Message:',
    d.contact.message || '-',
    '',
    `The requester agreed to share these details with ${d.partner.name}.`,
    `Lead ${d.leadId}, ${d.createdAt}. Reply to this email to answer the requester.`,
  ].join('\n');
}

/**
 * POST /api/marketplace/apps/{slug}/leads/: checks the app, the spaces (403 for any the user may
 * not offer) and the rate limits, then stores the lead and queues its hand-over to the partner (a
 * signed webhook to the lead endpoint, when set, and an email to the contact address) in one
 * transaction: answered `SENT` once committed, delivered by the outbox with retries.
 */
export async function createLead(deps: Deps, user: SessionUser, slug: string, input: LeadFields): Promise<LeadReceipt> {
  const db = deps.db.kysely;
  const app = await db
    .selectFrom('marketplace_apps as a')
    .innerJoin('marketplace_partners as p', 'p.id', 'a.partnerId')
    .select([
      'a.id',
      'a.slug',
      'a.name',
      'p.id as partnerId',
      'p.slug as partnerSlug',
      'p.name as partnerName',
      'p.contactEmail',
      'p.leadEndpointUrl',
      'p.leadSecret',
    ])
    .where('a.slug', '=', slug)
    .where('a.isActive', '=', 1)
    .where('p.isActive', '=', 1)
    .executeTakeFirst();
  if (!app) throw notFound('App');
  const { spaces, refused } = await checkAuthorizedSpaces(deps.db.kysely, user, input.spaceIds);
  if (refused.length) throw new ApiError('FORBIDDEN', 'You can only request access for your own spaces.', { spaceIds: refused });

  const clock = clockOf(deps);
  const now = clock.now();
  const createdAt = now.toISOString();
  const id = prefixedId('lead');
  const phone = phoneE164(input.phone, input.phoneCountry) ?? input.phone.trim();
  const origin = deps.env.publicOrigin;
  const payload: LeadWebhookPayload = {
    type: 'lead.created',
    id,
    timestamp: createdAt,
    data: {
      leadId: id,
      app: { id: app.id, slug: app.slug, name: app.name },
      partner: { id: app.partnerId, slug: app.partnerSlug, name: app.partnerName },
      spaces: spaces.map((s) => ({ id: s.id, modelId: s.modelId, name: s.name, url: `${origin}${SITE_BASE}/space/${s.modelId}` })),
      contact: { name: input.name, email: input.email, company: input.company, phone, message: input.message },
      consent: true,
      createdAt,
    },
  };

  await db.transaction().execute(async (tx) => {
    await checkRate(tx, user.id, app.id, now);
    const webhookMessageId = app.leadEndpointUrl
      ? await enqueue(tx, { kind: 'webhook', topic: LEAD_TOPIC.webhook, webhook: { url: app.leadEndpointUrl, secret: app.leadSecret, body: payload } }, clock)
      : null;
    const emailMessageId = await enqueueEmail(
      tx,
      LEAD_TOPIC.email,
      {
        to: app.contactEmail,
        replyTo: input.email,
        // One line whatever the form held (a name with a line break must not reach a header as one).
        subject: `New access request for ${app.name} from ${input.name}`.replace(/\s+/g, ' '),
        text: `${leadEmailText(payload)}\n\nApp page: ${origin}${SITE_BASE}${marketplacePath.app(app.slug)}\n`,
      },
      clock,
    );
    await tx
      .insertInto('marketplace_leads')
      .values({
        id,
        appId: app.id,
        partnerId: app.partnerId,
        userId: user.id,
        spaces: JSON.stringify(spaces),
        appSlug: app.slug,
        appName: app.name,
        partnerName: app.partnerName,
        partnerSlug: app.partnerSlug,
        name: input.name,
        email: input.email,
        company: input.company,
        phone,
        message: input.message,
        consent: 1,
        webhookMessageId,
        emailMessageId,
        createdAt,
      })
      .execute();
  });
  return { id, appSlug: app.slug, spaceIds: spaces.map((s) => s.id), status: 'SENT', createdAt };
}

/** The state of a lead's hand-over from its outbox messages' statuses. */
export function leadStatus(statuses: readonly (string | null | undefined)[]): LeadStatus {
  const known = statuses.filter((s): s is string => Boolean(s));
  if (known.includes('delivered')) return 'DELIVERED';
  if (known.length && known.every((s) => s === 'failed' || s === 'cancelled')) return 'FAILED';
  return 'SENT';
}

/** Statuses of outbox messages by id. */
export async function messageStatuses(deps: Deps, ids: readonly (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((i): i is string => Boolean(i)))];
  if (!wanted.length) return new Map();
  const rows = await deps.db.kysely.selectFrom('outbox').select(['id', 'status']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** A lead as its requester sees it. */
export function toReceipt(row: Selectable<MarketplaceLeadsTable>, statuses: ReadonlyMap<string, string>): LeadReceipt {
  return {
    id: row.id,
    appSlug: row.appSlug,
    spaceIds: parseJson<{ id: string }[]>(row.spaces, []).map((s) => s.id),
    status: leadStatus([row.webhookMessageId, row.emailMessageId].map((m) => (m ? statuses.get(m) : null))),
    createdAt: row.createdAt,
  };
}

/** GET /api/marketplace/apps/{slug}/leads/: the caller's requests for a live app, newest first. */
export async function myLeads(deps: Deps, user: SessionUser, slug: string): Promise<MyLeads> {
  const db = deps.db.kysely;
  const app = await db
    .selectFrom('marketplace_apps as a')
    .innerJoin('marketplace_partners as p', 'p.id', 'a.partnerId')
    .select('a.id')
    .where('a.slug', '=', slug)
    .where('a.isActive', '=', 1)
    .where('p.isActive', '=', 1)
    .executeTakeFirst();
  if (!app) throw notFound('App');
  const rows = await db
    .selectFrom('marketplace_leads')
    .selectAll()
    .where('userId', '=', user.id)
    .where('appId', '=', app.id)
    .orderBy('createdAt', 'desc')
    .limit(50)
    .execute();
  const statuses = await messageStatuses(
    deps,
    rows.flatMap((r) => [r.webhookMessageId, r.emailMessageId]),
  );
  return { requested: rows.length > 0, leads: rows.map((r) => toReceipt(r, statuses)) };
}

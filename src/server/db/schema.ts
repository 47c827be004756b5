import type { AnalyticsTables } from './schema/analytics.ts';
import type { AuthTables } from './schema/auth.ts';
import type { CaptureTables } from './schema/capture.ts';
import type { CaptureUploadTables } from './schema/captures.ts';
import type { ContentTables } from './schema/content.ts';
import type { FormTables } from './schema/forms.ts';
import type { MarketplaceTables } from './schema/marketplace.ts';
import type { OutboxTables } from './schema/outbox.ts';
import type { ProTables } from './schema/pros.ts';
import type { TourTables } from './schema/tours.ts';

/**
 * The whole database as Kysely sees it: every table the migrations create, typed once per area in
 * ./schema/*.ts. Runtime code imports table types from there, never from a migration: migrations are
 * frozen history (typed `Kysely<any>`) and only the migrator (db.ts) imports them.
 */
export interface Database
  extends ContentTables, AuthTables, AnalyticsTables, OutboxTables, CaptureTables, MarketplaceTables, FormTables, ProTables, TourTables, CaptureUploadTables {}

/**
 * Owners' panorama tours (issue 24) on the run's backend: photos are tiled for progressive loading,
 * more photos join a tour through the upload's `spaceId` metadata, and the layout editor's
 * `PUT /api/content/space/{id}/tour/layout/` is validated, owner-only and shows in the tour.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { ApiErrorBody } from '../../src/domain/api-error.ts';
import { CaptureUpload } from '../../src/domain/capture-upload.ts';
import { Tour } from '../../src/domain/tour.ts';
import type { TourLayoutEdit } from '../../src/domain/tour-layout-edit.ts';
import type { SessionUser } from '../../src/server/context.ts';
import { createTestApp, TEST_ORIGIN } from '../../src/server/testing.ts';
import { JobWorker } from '../../src/server/platform/jobs/worker.ts';
import { mediaStoreOf } from '../../src/server/platform/media/store.ts';
import { CAPTURE_JOB, captureJobKind } from '../../src/server/modules/captures/process-capture.ts';
import { seedFixtures, SESSIONS, W } from './fixtures.ts';

const dirs: string[] = [];
const apps: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Bob as a plain member (not an owner) of Alice's organization. */
const MEMBER: SessionUser = { ...SESSIONS.bob, memberships: [{ accountId: W.acc.orgA, sid: 'orgasid001', name: 'Org A', role: 'MEMBER', flags: [] }] };
const PEOPLE = { ...SESSIONS, member: MEMBER };
type Who = keyof typeof PEOPLE | 'guest';

/** A 2:1 photo of one colour. */
const photo = (width = 1024, r = 200) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: { r, g: 120, b: 60 } } })
    .jpeg()
    .toBuffer()
    .then((b) => new Uint8Array(b));

async function panoramaApp() {
  const dir = mkdtempSync(join(tmpdir(), 'discover-tour-layout-'));
  dirs.push(dir);
  const t = await createTestApp({
    session: (req) => {
      const who = req.headers.get('x-test-as') as Who | null;
      return Promise.resolve(who && who !== 'guest' ? PEOPLE[who] : null);
    },
    env: { DATA_DIR: dir },
  });
  apps.push(t);
  await seedFixtures(t.db.kysely);
  await t.db.kysely
    .insertInto('memberships')
    .values({
      userId: W.user.bob,
      accountId: W.acc.orgA,
      role: 'MEMBER',
      flags: '[]',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-01T00:00:00.000Z',
    })
    .execute();
  const worker = new JobWorker({ db: t.db.kysely, kinds: { [CAPTURE_JOB]: captureJobKind({ db: t.db.kysely, env: t.deps.env, events: t.deps.events }) } });
  const headers = (as: Who) => ({ Origin: TEST_ORIGIN, 'x-test-as': as });
  /** Uploads one photo (tus, one PATCH), processes it, answers the upload. */
  const upload = async (bytes: Uint8Array, meta: Record<string, string> = {}, as: Who = 'alice') => {
    const metadata = Object.entries({ filename: 'hall.jpg', ...meta })
      .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
      .join(',');
    const tus = { ...headers(as), 'Tus-Resumable': '1.0.0' };
    const created = await t.app.request('/api/uploads/captures/', {
      method: 'POST',
      headers: { ...tus, 'Upload-Length': String(bytes.length), 'Upload-Metadata': metadata },
    });
    expect(created.status).toBe(201);
    const path = created.headers.get('location') ?? '';
    const sent = await t.app.request(path, {
      method: 'PATCH',
      headers: { ...tus, 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': '0' },
      body: bytes as BodyInit,
    });
    expect(sent.status).toBe(204);
    while (await worker.runOnce());
    const res = await t.app.request(`/api/captures/${path.split('/').pop() ?? ''}/`, { headers: headers(as) });
    return CaptureUpload.parse(await res.json());
  };
  const tour = async (space: string, as: Who = 'alice') => {
    const res = await t.app.request(`/api/content/space/${space}/tour/`, { headers: headers(as) });
    expect(res.status).toBe(200);
    return Tour.parse(await res.json());
  };
  const put = (space: string, body: unknown, as: Who = 'alice') =>
    t.app.request(`/api/content/space/${space}/tour/layout/`, {
      method: 'PUT',
      headers: { ...headers(as), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  /** A space of three photos, each added to the first one's tour. */
  const threePhotos = async (meta: Record<string, string> = {}) => {
    const first = await upload(await photo(), meta);
    const space = first.space?.id ?? '';
    for (const r of [90, 30]) expect(await upload(await photo(1024, r), { spaceId: space })).toMatchObject({ status: 'ready', space: { id: space } });
    return space;
  };
  return { ...t, upload, tour, put, threePhotos };
}

/** The edit that leaves a tour as it is. */
const unchanged = (tour: Tour): TourLayoutEdit => ({
  sweeps: tour.sweeps.map((s) => ({ id: s.id, position: [s.position[0], s.position[2]], neighbours: [...s.neighbours] })),
  start: { sweep: tour.start.sweep, heading: tour.start.heading },
});

describe('panorama tours', () => {
  test('a photo is stored whole, as a 1024-wide preview and as tiles of at most 2048 px that the tour describes', async () => {
    const t = await panoramaApp();
    const done = await t.upload(await photo(4096));
    expect(done.status).toBe('ready');
    const [sweep] = (await t.tour(done.space?.id ?? '')).sweeps;
    expect(sweep?.panorama).toMatchObject({ width: 4096, height: 2048 });
    expect(sweep?.tiles).toMatchObject({ preview: { width: 1024, height: 512 }, columns: 2, rows: 1 });
    expect(sweep?.tiles?.urls).toHaveLength(2);
    const key = (sweep?.tiles?.urls[1] ?? '').replace(/^.*?\/(tours\/cap-)/, '$1');
    const tile = await mediaStoreOf(t.deps.env).get(key);
    expect(tile && (await sharp(tile).metadata())).toMatchObject({ width: 2048, height: 2048, format: 'webp' });
  });

  test('photos added to a tour become its sweeps, laid out on a grid and linked to the nearest', async () => {
    const t = await panoramaApp();
    const tour = await t.tour(await t.threePhotos());
    expect(tour.sweeps.map((s) => s.id)).toEqual(['s0', 's1', 's2']);
    expect(tour.sweeps.map((s) => [s.position[0], s.position[2]])).toEqual([
      [0, 0],
      [3, 0],
      [6, 0],
    ]);
    expect(tour.sweeps.map((s) => s.neighbours)).toEqual([['s1'], ['s0', 's2'], ['s1']]);
    expect(tour.floors[0]?.planBounds).toEqual([-3.5, -3.5, 9.5, 3.5]);
  });

  test('a photo cannot join a tour of someone else: the upload fails with the reason and the tour is unchanged', async () => {
    const t = await panoramaApp();
    const space = (await t.upload(await photo())).space?.id ?? '';
    const refused = await t.upload(await photo(), { spaceId: space }, 'bob');
    expect(refused).toMatchObject({ status: 'failed', error: 'Photos can only be added to a 360° tour of a space you own.' });
    expect((await t.tour(space)).sweeps).toHaveLength(1);
  });

  test('the owner moves points, links them, chooses the start view, and the tour shows it', async () => {
    const t = await panoramaApp();
    const space = await t.threePhotos();
    const edit: TourLayoutEdit = {
      sweeps: [
        { id: 's0', position: [-2, 1.5], neighbours: ['s1', 's2'] },
        { id: 's1', position: [3, 0], neighbours: ['s0'] },
        { id: 's2', position: [6.5, -1], neighbours: ['s0'] },
      ],
      start: { sweep: 's2', heading: 135 },
    };
    const res = await t.put(space, edit);
    expect(res.status, await res.clone().text()).toBe(200);
    const tour = await t.tour(space);
    expect(tour.sweeps.map((s) => [s.id, s.position, s.neighbours])).toEqual([
      ['s0', [-2, 0, 1.5], ['s1', 's2']],
      ['s1', [3, 0, 0], ['s0']],
      ['s2', [6.5, 0, -1], ['s0']],
    ]);
    expect(tour.start).toEqual({ sweep: 's2', heading: 135, pitch: 0, mode: 'inside' });
    expect(tour.sweeps[2]?.tiles?.urls.length).toBe(1);
  });

  test.each([
    ['a point outside the plan', (e: TourLayoutEdit) => ((e.sweeps[0] as { position: [number, number] }).position = [40, 0]), 'sweeps.0.position'],
    ['a link one way only', (e: TourLayoutEdit) => e.sweeps[0]?.neighbours.push('s2'), 'sweeps.0.neighbours'],
    ['a link to a point of another tour', (e: TourLayoutEdit) => e.sweeps[1]?.neighbours.push('s9'), 'sweeps.1.neighbours'],
    ['a point linked to itself', (e: TourLayoutEdit) => e.sweeps[2]?.neighbours.push('s2'), 'sweeps.2.neighbours'],
    ['a point left out', (e: TourLayoutEdit) => e.sweeps.pop(), 'sweeps'],
    ['a point given twice', (e: TourLayoutEdit) => e.sweeps.push({ id: 's1', position: [0, 0], neighbours: [] }), 'sweeps.3.id'],
    ['a start that is no point of the tour', (e: TourLayoutEdit) => (e.start.sweep = 'nowhere'), 'start.sweep'],
  ])('%s is refused with the field and changes nothing', async (_name, spoil, path) => {
    const t = await panoramaApp();
    const space = await t.threePhotos();
    const before = await t.tour(space);
    const edit = unchanged(before);
    spoil(edit);
    const res = await t.put(space, edit);
    expect(res.status).toBe(400);
    const body = ApiErrorBody.parse(await res.json());
    expect(JSON.stringify(body)).toContain(path);
    expect(await t.tour(space)).toEqual(before);
  });

  test('only the owner, an owner of the organization or an administrator may save; a member who is not an owner gets 403, someone who cannot see the space 404, and nothing changes', async () => {
    const t = await panoramaApp();
    const personal = await t.threePhotos();
    const org = await t.threePhotos({ accountId: W.acc.orgA });
    const moved = (tour: Tour): TourLayoutEdit => ({ ...unchanged(tour), start: { sweep: 's1', heading: 10 } });
    const before = await t.tour(personal);
    expect((await t.put(personal, moved(before), 'guest')).status).toBe(401);
    expect((await t.put(personal, moved(before), 'bob')).status).toBe(404);
    expect((await t.put(org, moved(before), 'member')).status).toBe(403);
    expect(await t.tour(personal)).toEqual(before);
    expect((await t.tour(org)).start.sweep).toBe('s0');
    expect((await t.put(org, moved(before), 'alice')).status).toBe(200);
    expect((await t.put(personal, moved(before), 'admin')).status).toBe(200);
    expect((await t.tour(personal)).start).toMatchObject({ sweep: 's1', heading: 10 });
  });

  test('a tour that is not made of the owner’s photos is not rearranged here (409)', async () => {
    const t = await panoramaApp();
    const res = await t.put(W.space.office, { sweeps: [{ id: 's0', position: [0, 0], neighbours: [] }], start: { sweep: 's0', heading: 0 } });
    expect(res.status).toBe(409);
  });

  test('saving the layout of a public space publishes it again', async () => {
    const t = await panoramaApp();
    const space = await t.threePhotos();
    await t.db.kysely.updateTable('spaces').set({ visibility: 'PUBLIC' }).where('id', '=', space).execute();
    const events = () => t.db.kysely.selectFrom('content_events').select(['type', 'ids']).orderBy('id').execute();
    const before = (await events()).length;
    expect((await t.put(space, unchanged(await t.tour(space)))).status).toBe(200);
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.ids).toContain(space);
  });

  test('a photo added to the tour of a public space publishes it again; added to a private one, nothing is published', async () => {
    const t = await panoramaApp();
    const events = () => t.db.kysely.selectFrom('content_events').select(['type', 'ids']).orderBy('id').execute();
    const first = await t.upload(await photo());
    const space = first.space?.id ?? '';
    let before = (await events()).length;
    expect(await t.upload(await photo(1024, 90), { spaceId: space })).toMatchObject({ status: 'ready', space: { id: space } });
    expect((await events()).length).toBe(before);

    await t.db.kysely.updateTable('spaces').set({ visibility: 'PUBLIC' }).where('id', '=', space).execute();
    before = (await events()).length;
    expect(await t.upload(await photo(1024, 30), { spaceId: space })).toMatchObject({ status: 'ready', space: { id: space } });
    const after = await events();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)).toMatchObject({ type: 'SPACE' });
    expect(after.at(-1)?.ids).toContain(space);
    expect((await t.tour(space)).sweeps).toHaveLength(3);
  });
});

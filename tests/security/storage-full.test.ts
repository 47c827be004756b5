import { existsSync, readdirSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { constants } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_STATUS } from '../../src/domain/api-error.ts';
import { LocalMediaStore, type MediaStore } from '../../src/server/platform/media/store.ts';
import { resetStorageLog, storageProblem } from '../../src/server/platform/storage-errors.ts';
import { mediaDirOf } from '../../src/server/platform/uploads/attachments.ts';
import { marketplaceApp } from '../api/marketplace-helpers.ts';
import { blob, makePng, userApp } from '../api/user-helpers.ts';

/**
 * The errors a write meets on a full disk, over quota, or on a read-only mount, as node:fs throws
 * them: ENOSPC is the kernel's own (a write to /dev/full); EDQUOT and EROFS are made the way libuv
 * makes them (errno, code, syscall, path), since a test cannot mount a read-only or quota'd disk.
 */
const failure = vi.hoisted(() => ({ code: null as null | 'ENOSPC' | 'EDQUOT' | 'EROFS', afterWrites: 0 }));

vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof fsPromises>();
  let writes = 0;
  const writeFile = (async (
    path: Parameters<typeof fs.writeFile>[0],
    data: Parameters<typeof fs.writeFile>[1],
    options?: Parameters<typeof fs.writeFile>[2],
  ) => {
    const target = typeof path === 'string' ? path : path instanceof URL ? path.pathname : '';
    if (failure.code && target.includes('/media/') && writes++ >= failure.afterWrites) {
      if (failure.code === 'ENOSPC') {
        // Half the file reaches the disk, then the kernel says no.
        await fs.writeFile(path, (data as Uint8Array).subarray(0, 10));
        await fs.writeFile('/dev/full', data as Uint8Array);
      }
      const syscall = failure.code === 'EROFS' ? 'open' : 'write';
      const text = failure.code === 'EROFS' ? 'read-only file system' : 'disk quota exceeded';
      throw Object.assign(new Error(`${failure.code}: ${text}, ${syscall} '${target}'`), {
        errno: -constants.errno[failure.code],
        code: failure.code,
        syscall,
        path: target,
      });
    }
    return fs.writeFile(path, data, options);
  }) as typeof fs.writeFile;
  const reset = () => {
    writes = 0;
  };
  return { ...fs, default: { ...fs, writeFile }, writeFile, __resetWrites: reset };
});

const ME = '/api/content/user/me/profile/attachment/';
const logged = vi.spyOn(console, 'error');

beforeEach(async () => {
  failure.code = null;
  failure.afterWrites = 0;
  ((await import('node:fs/promises')) as unknown as { __resetWrites: () => void }).__resetWrites();
  resetStorageLog();
  logged.mockClear();
});
afterEach(() => {
  failure.code = null;
});

describe('a full or read-only disk', () => {
  it('is recognised from the errno code, SQLite’s result code and PostgreSQL’s SQLSTATE, also when wrapped', () => {
    expect(storageProblem(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe('full');
    expect(storageProblem(Object.assign(new Error('x'), { code: 'EDQUOT' }))).toBe('quota');
    expect(storageProblem(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'EROFS' }) }))).toBe('read-only');
    expect(storageProblem(Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13 }))).toBe('full');
    expect(storageProblem(Object.assign(new Error('attempt to write a readonly database'), { code: 'ERR_SQLITE_ERROR', errcode: 8 }))).toBe('read-only');
    expect(storageProblem(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe('full');
    expect(storageProblem(Object.assign(new Error('x'), { code: 'EACCES' }))).toBeNull();
    expect(ERROR_STATUS.INSUFFICIENT_STORAGE).toBe(507);
  });

  it.each([
    ['ENOSPC', 'full', true, /run out of storage space/],
    ['EDQUOT', 'quota', true, /storage quota/],
    ['EROFS', 'read-only', false, /read-only/],
  ] as const)(
    '%s (%s): a profile upload answers 507 INSUFFICIENT_STORAGE with retry %s, keeps no half-written file, logs one line',
    async (code, reason, retry, message) => {
      const t = await userApp('bob');
      const png = await makePng(600, 400);
      const before = existsSync(join(mediaDirOf(t.deps.env), 'uploads')) ? readdirSync(join(mediaDirOf(t.deps.env), 'uploads'), { recursive: true }).length : 0;
      failure.code = code;
      // The second rendition fails: the first one, already written, is removed too.
      failure.afterWrites = 1;
      for (let i = 0; i < 3; i++) {
        const res = await t.upload(ME, blob(png), 'PROFILE_IMAGE');
        expect(res.status).toBe(507);
        const body = (await res.json()) as { code: string; message: string; extra: { reason: string }; retry: boolean };
        expect(body).toMatchObject({ code: 'INSUFFICIENT_STORAGE', extra: { reason }, retry });
        expect(body.message).toMatch(message);
        failure.afterWrites = 0;
      }
      // One line for the operator, no stack trace, not one per request.
      expect(logged).toHaveBeenCalledTimes(1);
      const line = String(logged.mock.calls[0]?.[0]);
      expect(line).toMatch(new RegExp(`^Storage: .*\\(${code}\\): PUT ${ME} answered 507\\. [A-Z][^\\n]*\\.$`));
      expect(logged.mock.calls[0]).toHaveLength(1);
      expect(line).not.toMatch(/\n\s+at /);
      // Nothing half-stored: no renditions, no temporary files, no attachment row.
      const after = existsSync(join(mediaDirOf(t.deps.env), 'uploads')) ? readdirSync(join(mediaDirOf(t.deps.env), 'uploads'), { recursive: true }) : [];
      expect(after.filter((f) => String(f).endsWith('.webp') || String(f).endsWith('.tmp')).length).toBeLessThanOrEqual(before);
      expect(await t.db.kysely.selectFrom('attachments').select('id').where('ownerId', '=', 'u-bob').execute()).toHaveLength(0);
      // Space freed: the same upload works again.
      failure.code = null;
      expect((await t.upload(ME, blob(png), 'PROFILE_IMAGE')).status).toBe(200);
    },
  );

  it('an administrator’s marketplace upload answers the same way', async () => {
    const t = await marketplaceApp();
    failure.code = 'ENOSPC';
    const form = new FormData();
    form.set('file', blob(await makePng(300, 300)), 'logo.png');
    form.set('kind', 'LOGO');
    form.set('alt', 'Logo');
    const res = await t.call('admin', 'POST', '/admin/api/marketplace/media/', form);
    expect(res.status).toBe(507);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE', retry: true, extra: { reason: 'full' } });
    await t.close();
  });

  it('LocalMediaStore removes the part of a file it could not finish', async () => {
    const dir = join('/tmp', `discover-storage-${process.pid}`, 'media');
    const store: MediaStore = new LocalMediaStore(dir);
    failure.code = 'ENOSPC';
    await expect(store.put('uploads/ab/abc/96.webp', new Uint8Array(64), 'image/webp')).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(dir, 'uploads/ab/abc'))).toEqual([]);
  });
});

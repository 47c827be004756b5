/**
 * The static site as the running product serves it: the real server process (`src/server/main.ts`,
 * SKIP_BUILD) over a small build folder the way the publisher leaves one (precompressed siblings,
 * sealed, behind the `current` link), asked over raw HTTP. Pages are the files on disk byte for byte
 * (the footer lists the publisher wrote, nothing spliced per request), with strong validators,
 * 304 on revalidation, their brotli or gzip sibling by Accept-Encoding, HEAD without a body, the
 * security headers with the page's inline-script hashes, and caching per kind of file.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sealBuild } from '../../src/server/publish/build-manifest.ts';
import { linkTree, swapLink } from '../../src/server/publish/site-dirs.ts';
import { precompressFiles, precompressSite } from '../../src/site/precompress.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

const INLINE = '(()=>{document.documentElement.dataset.js="1";})();';
/** The footer lists as the publisher wrote them into the files (src/domain/footer-region.ts marks the region). */
const footer = (latest: string) =>
  `<footer><nav aria-labelledby="footer-explore"><h2 id="footer-explore">Explore</h2><ul><li><a href="/discover/collection/c1/">${latest}</a></li></ul></nav><nav aria-labelledby="footer-company"><h2 id="footer-company">Company</h2></nav></footer>`;
const page = (title: string, latest = 'Harbour walks') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><script>${INLINE}</script></head><body><main><h1>${title}</h1>${'<p>A space worth a visit.</p>'.repeat(60)}</main>${footer(latest)}</body></html>`;
const ASSET = `export const names = [${Array.from({ length: 200 }, (_, i) => `"n${i}"`).join(',')}];`;

let server: ServerProcess | undefined;
let port = 0;
const dataDir = mkdtempSync(join(tmpdir(), 'discover-static-site-server-'));
const builds = join(dataDir, 'site', 'builds');
const first = join(builds, 'b1');

interface Raw {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

/** One request over a fresh connection; the answer as sent (body not decoded). */
function ask(method: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') h[k] = v;
        ok({ status: res.statusCode ?? 0, headers: h, bytes: Buffer.concat(chunks) });
      });
    });
    req.on('error', fail);
    req.end();
  });
}
const decoded = (r: Raw) =>
  (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.bytes) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.bytes) : r.bytes).toString(
    'utf8',
  );
const write = (dir: string, rel: string, body: string) => {
  mkdirSync(dirname(join(dir, rel)), { recursive: true });
  writeFileSync(join(dir, rel), body);
};

beforeAll(async () => {
  const files: Record<string, string> = {
    'index.html': page('Discover'),
    'space/LOFT01/index.html': page('Loft by the harbour'),
    '404.html': page('Page not found'),
    '_astro/client.AbC123.js': ASSET,
    // What an unsettled publish leaves: newer footer lists the server must no longer splice in.
    '.publish/footer.json': JSON.stringify({ regions: { '': footer('Spliced by the server').replace(/^<footer>|<\/footer>$/g, '') } }),
  };
  for (const [rel, body] of Object.entries(files)) write(first, rel, body);
  await precompressSite(first);
  sealBuild(first);
  swapLink(join(dataDir, 'site', 'current'), first);
  server = await startServerProcess({ env: { DATA_DIR: dataDir, SKIP_BUILD: 'true' } });
  ({ port } = server);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('static pages as the product serves them', () => {
  test('a page is the file on disk, footer lists included, in brotli, gzip or as it is', async () => {
    const onDisk = readFileSync(join(first, 'index.html'), 'utf8');
    const br = await ask('GET', '/discover/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.bytes.equals(readFileSync(join(first, 'index.html.br')))).toBe(true);
    expect(decoded(br)).toBe(onDisk);
    expect(decoded(br)).toContain('Harbour walks');
    expect(decoded(br)).not.toContain('Spliced by the server');
    const gzip = await ask('GET', '/discover/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(onDisk);
    const plain = await ask('GET', '/discover/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString('utf8')).toBe(onDisk);
    for (const r of [br, gzip, plain]) {
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['vary']).toMatch(/accept-encoding/i);
      expect(Number(r.headers['content-length'])).toBe(r.bytes.length);
    }
  });

  test('strong validators, one per representation; pages revalidate, hashed assets are immutable', async () => {
    const br = await ask('GET', '/discover/', { 'accept-encoding': 'br' });
    const gzip = await ask('GET', '/discover/', { 'accept-encoding': 'gzip' });
    const plain = await ask('GET', '/discover/');
    const tags = [br, gzip, plain].map((r) => r.headers['etag'] ?? '');
    for (const tag of tags) expect(tag).toMatch(/^"[^"]+"$/);
    expect(new Set(tags).size).toBe(3);
    expect(br.headers['last-modified']).toBe(statSync(join(first, 'index.html')).mtime.toUTCString());
    expect(br.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const asset = await ask('GET', '/discover/_astro/client.AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/);
    expect(decoded(asset)).toBe(ASSET);
  });

  test('304 on If-None-Match or If-Modified-Since, without a body; a changed validator gets the page', async () => {
    const first200 = await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br' });
    const etag = first200.headers['etag'] ?? '';
    const lastModified = first200.headers['last-modified'] ?? '';
    const byTag = await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(byTag.status).toBe(304);
    expect(byTag.bytes.length).toBe(0);
    expect(byTag.headers['etag']).toBe(etag);
    expect(byTag.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    expect((await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-modified-since': lastModified })).status).toBe(304);
    // If-None-Match wins over If-Modified-Since; another representation's tag does not match.
    const stale = await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-none-match': '"old"', 'if-modified-since': lastModified });
    expect(stale.status).toBe(200);
    expect((await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);
    const earlier = new Date(Date.parse(lastModified) - 60_000).toUTCString();
    expect((await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-modified-since': earlier })).status).toBe(200);
  });

  test('HEAD answers the headers of GET without a body', async () => {
    const get = await ask('GET', '/discover/', { 'accept-encoding': 'br' });
    const head = await ask('HEAD', '/discover/', { 'accept-encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
    for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified', 'cache-control', 'content-security-policy', 'vary'])
      expect(head.headers[name]).toBe(get.headers[name]);
  });

  test("security headers with the page's inline-script hashes; the not-found page has them too", async () => {
    const res = await ask('GET', '/discover/', { 'accept-encoding': 'br' });
    expect(res.headers['content-security-policy']).toContain(sha(INLINE));
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    const missing = await ask('GET', '/discover/no-such-page/', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(decoded(missing)).toBe(readFileSync(join(first, '404.html'), 'utf8'));
    expect(missing.headers['content-security-policy']).toContain(sha(INLINE));
    expect(missing.headers['etag']).toBeUndefined();
  });

  test('the publisher’s files are not served', async () => {
    expect((await ask('GET', '/discover/.publish/footer.json')).status).toBe(404);
    expect((await ask('GET', '/discover/%2Epublish/footer.json')).status).toBe(404);
  });

  test('a publish swaps in a build where one page changed: it gets a new validator, the others keep theirs', async () => {
    const before = await ask('GET', '/discover/', { 'accept-encoding': 'br' });
    const space = await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br' });
    const second = join(builds, 'b2');
    await linkTree(first, second);
    // As the render worker writes a page: a new file renamed over the link, then its siblings.
    const rel = 'space/LOFT01/index.html';
    writeFileSync(join(second, `${rel}.tmp`), page('Loft by the harbour (renovated)', 'Harbour walks'));
    rmSync(join(second, rel));
    writeFileSync(join(second, rel), readFileSync(join(second, `${rel}.tmp`)));
    rmSync(join(second, `${rel}.tmp`));
    rmSync(join(second, `${rel}.br`));
    rmSync(join(second, `${rel}.gz`));
    await precompressFiles(second, [rel]);
    sealBuild(second);
    swapLink(join(dataDir, 'site', 'current'), second);
    const after = await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br' });
    expect(decoded(after)).toContain('(renovated)');
    expect(after.headers['etag']).not.toBe(space.headers['etag']);
    expect((await ask('GET', '/discover/space/LOFT01/', { 'accept-encoding': 'br', 'if-none-match': space.headers['etag'] ?? '' })).status).toBe(200);
    const home = await ask('GET', '/discover/', { 'accept-encoding': 'br', 'if-none-match': before.headers['etag'] ?? '' });
    expect(home.status).toBe(304);
  });
});

import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATCH_JOURNAL_PREFIX } from '../domain/patch-journal.ts';
import { bannerRegion, patchBannerFilesInThreads, patchRegionFilesInThreads, withBannerRegion, type BannerJob } from './banner-region.ts';

const banner = (text: string) =>
  `<div data-pencil data-label="Announcement" data-close="Close" data-locale="de"> <aside class="pencil" aria-label="Announcement" data-banner-id="b1"> <div class="container pencil__inner"> <p class="pencil__text">${text}</p> </div> </aside> </div>`;
const empty = '<div data-pencil data-label="Announcement" data-close="Close" data-locale="de"></div>';
const page = (region: string) =>
  Buffer.from(`<!doctype html><html><body><header>Grüße</header>${region}<script>x()</script><main><div>Räume</div></main></body></html>`);

describe('the pencil banner region of a built page', () => {
  it('is found with its nested markup, and replaced byte for byte around it', () => {
    const old = page(banner('Open house &lt;/aside&gt; weekend'));
    expect(bannerRegion(old)?.toString()).toBe(banner('Open house &lt;/aside&gt; weekend'));
    const next = withBannerRegion(old, Buffer.from(banner('Neuer Text – ä')));
    expect(next?.toString()).toBe(page(banner('Neuer Text – ä')).toString());
  });

  it('a banner removed leaves the empty region, and one added fills it', () => {
    expect(withBannerRegion(page(banner('Old')), Buffer.from(empty))?.toString()).toBe(page(empty).toString());
    expect(bannerRegion(page(empty))?.toString()).toBe(empty);
    expect(withBannerRegion(page(empty), Buffer.from(banner('New')))?.toString()).toBe(page(banner('New')).toString());
  });

  it('leaves a page without a banner, or already showing it, alone', () => {
    expect(withBannerRegion(Buffer.from('<html><body>bare</body></html>'), Buffer.from(empty))).toBeNull();
    expect(withBannerRegion(page(banner('Same')), Buffer.from(banner('Same')))).toBeNull();
  });
});

describe('the banner patched into many pages at once', () => {
  it('on worker threads, each page gets its locale region in a new file; the hard-linked original is untouched', async () => {
    const root = mkdtempSync(join(tmpdir(), 'discover-banner-'));
    const served = mkdtempSync(join(tmpdir(), 'discover-banner-served-'));
    try {
      const jobs: BannerJob[] = [];
      for (let i = 0; i < 1200; i++) {
        const file = `${i % 2 ? 'de/' : ''}space/s${i}/index.html`;
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(served, `s${i}.html`), page(banner('Old')));
        linkSync(join(served, `s${i}.html`), join(root, file));
        jobs.push([file, i % 2]);
      }
      // One page already shows its region: it is left alone.
      writeFileSync(join(root, 'space/s0/index.html'), page(banner('Neu en')));
      const regions = [new Uint8Array(Buffer.from(banner('Neu en'))), new Uint8Array(Buffer.from(banner('Neu de')))];
      const changed = await patchBannerFilesInThreads(root, jobs, regions, 'test', 2);
      expect(changed.length).toBe(1199);
      expect(readFileSync(join(root, 'de/space/s1/index.html'), 'utf8')).toBe(page(banner('Neu de')).toString());
      expect(readFileSync(join(root, 'space/s2/index.html'), 'utf8')).toBe(page(banner('Neu en')).toString());
      expect(readFileSync(join(served, 's2.html'), 'utf8')).toBe(page(banner('Old')).toString());
      expect(statSync(join(served, 's2.html')).nlink).toBe(1);
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(served, { recursive: true, force: true });
    }
  });
});

describe('the footer lists patched into many pages at once (a settle)', () => {
  const footer = (items: string) => `<nav aria-labelledby="footer-explore"><ul>${items}</ul></nav>`;
  const withFooter = (items: string) =>
    Buffer.from(
      `<!doctype html><html><body><main>Räume</main><footer>${footer(items)}<nav aria-labelledby="footer-company">Über uns</nav></footer></body></html>`,
    );

  it('each page gets its locale lists in a new file, pages already showing them are left alone, and no journal is left behind', async () => {
    const root = mkdtempSync(join(tmpdir(), 'discover-footer-'));
    try {
      const jobs: BannerJob[] = [];
      for (let i = 0; i < 1100; i++) {
        const file = `${i % 2 ? 'de/' : ''}space/s${i}/index.html`;
        mkdirSync(join(root, file, '..'), { recursive: true });
        writeFileSync(join(root, file), withFooter(i === 0 ? '<li>Neu en</li>' : '<li>Alt</li>'));
        jobs.push([file, i % 2]);
      }
      const regions = [footer('<li>Neu en</li>'), footer('<li>Neu de</li>')].map((r) => new Uint8Array(Buffer.from(r)));
      const changed = await patchRegionFilesInThreads(root, jobs, regions, 'test', 2, 'footer');
      expect(changed.length).toBe(1099);
      expect(readFileSync(join(root, 'de/space/s1/index.html'), 'utf8')).toBe(withFooter('<li>Neu de</li>').toString());
      expect(readFileSync(join(root, 'space/s2/index.html'), 'utf8')).toBe(withFooter('<li>Neu en</li>').toString());
      expect(readdirSync(join(root, '.publish')).filter((f) => `.publish/${f}`.startsWith(PATCH_JOURNAL_PREFIX))).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { bannerRegion, withBannerRegion } from './banner-region.ts';

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

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from '../axe.ts';
import { sessionKnown, someSpace } from './user-helpers.ts';

/** Where screenshots go when asked (`EMBED_SHOTS=/some/dir`): the Share dialog, the framed notice, the warning. */
const SHOTS = process.env['EMBED_SHOTS'];
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png` });
};

/** Another site (`localhost`, so cross-site from the app's 127.0.0.1) serving `html` at `/`. */
async function otherSite(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}/`, server };
}

test.describe('an old embed code (spec 2: a framed space page sends the visitor to the top-level page)', () => {
  for (const width of [390, 1280]) {
    test(`framed by another site, the space page shows only its notice; its link takes the top window to the page, which warns (${width} px)`, async ({
      page,
      request,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      const space = await someSpace(request);
      const spaceUrl = `${baseURL}/discover/space/${space.modelId}/`;
      const { url, server } = await otherSite(
        `<!doctype html><html lang="en"><title>A blog</title><h1>My trip</h1><iframe id="old" src="${spaceUrl}" width="${Math.min(640, width - 20)}" height="420" title="Old embed"></iframe>`,
      );
      try {
        await page.goto(url);
        const frame = page.frameLocator('#old');
        const link = frame.getByRole('link', { name: `Open ${space.name} on Discover` });
        await expect(link).toBeVisible();
        await expect(frame.getByText('This embed code is out of date')).toBeVisible();
        // Browsers refuse a cross-site frame's navigation of the top window without a click: the host page stays.
        expect(page.url()).toBe(url);
        // Nothing of the page but the notice: no header, actions, player or links elsewhere (clickjacking gains nothing).
        const shown = await frame
          .locator('body')
          .evaluate((body) =>
            [...body.querySelectorAll<HTMLElement>('a, button, input, select, textarea, [tabindex]:not([tabindex="-1"])')]
              .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
              .map((el) => el.textContent?.trim() ?? ''),
          );
        expect(shown).toEqual([`Open ${space.name} on Discover`, 'Open in a new tab']);
        await expect(frame.getByRole('button', { name: 'Share' })).toBeHidden();
        await expect(frame.getByRole('button', { name: 'Explore 3D space' })).toBeHidden();
        await expect(frame.getByRole('heading', { level: 1 })).toBeHidden();
        await shot(page, 'embed-framed');
        // axe reads into the frame: the notice itself passes.
        await expectNoAxeViolations(page, 'the framed space page’s notice');

        await link.click();
        await expect(page).toHaveURL(spaceUrl);
        const warning = page.locator('[data-embed-warning]');
        await expect(warning).toBeVisible();
        await expect(warning).toContainText('You came here from an out-of-date embed code.');
        await expect(warning.getByRole('link', { name: 'Get the new embed code' })).toHaveAttribute('href', '#share');
        // The mark left the address (the page's link and Share stay clean); the page is the top window.
        expect(await page.evaluate(() => window.top === window.self)).toBe(true);
        await sessionKnown(page, 'guest');
        await shot(page, 'embed-warning');
        await expectNoAxeViolations(page, 'the space page with the outdated-embed warning', { include: '[data-embed-warning]' });
        await warning.getByRole('button', { name: 'Dismiss' }).click();
        await expect(warning).toBeHidden();
        await expect(page.locator('main')).toBeFocused();
      } finally {
        server.close();
      }
    });
  }

  test('the warning’s link opens the Share dialog with the new embed code', async ({ page, request }) => {
    const space = await someSpace(request);
    await page.goto(`/discover/space/${space.modelId}/?embed=outdated`);
    await page.locator('[data-embed-warning]').getByRole('link', { name: 'Get the new embed code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog.getByLabel('Embed code')).toHaveValue(new RegExp(`/discover/showcase/\\?m=${space.modelId}"`));
  });

  test('the space page may be framed, the player too; other pages refuse', async ({ request }) => {
    const space = await someSpace(request);
    const frameAncestors = async (path: string) => /frame-ancestors ([^;]+)/.exec((await request.get(path)).headers()['content-security-policy'] ?? '')?.[1];
    expect(await frameAncestors(`/discover/space/${space.modelId}/`)).toBe('*');
    expect(await frameAncestors(`/discover/showcase/?m=${space.modelId}`)).toBe('*');
    expect(await frameAncestors(`/discover/space/${space.modelId}/related-collections/`)).toBe("'none'");
    expect(await frameAncestors('/discover/')).toBe("'none'");
  });
});

test.describe('the Share dialog of a space', () => {
  for (const width of [390, 1280]) {
    test(`opened by its hash on arrival: the player's embed code in four sizes, copied (${width} px)`, async ({ page, request, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.setViewportSize({ width, height: 900 });
      const space = await someSpace(request);
      // The address names the dialog: it opens before the page's actions island has hydrated.
      await page.goto(`/discover/space/${space.modelId}/#share`);
      const dialog = page.getByRole('dialog', { name: 'Share' });
      await expect(dialog).toBeVisible();
      const code = dialog.getByLabel('Embed code');
      const player = `${baseURL}/discover/showcase/?m=${space.modelId}`;
      await expect(code).toHaveValue(
        `<iframe src="${player}" title="3D tour of ${space.name}" allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer" allowfullscreen loading="lazy" width="853" height="480" style="border:0"></iframe>`,
      );
      const sizes = dialog.getByRole('group', { name: 'Size' });
      await expect(sizes.getByRole('radio')).toHaveCount(4);
      await expect(sizes.getByRole('radio', { name: '853 × 480' })).toBeChecked();
      await sizes.getByRole('radio', { name: '640 × 360' }).check();
      await expect(code).toHaveValue(/width="640" height="360"/);
      await sizes.getByRole('radio', { name: '1280 × 720' }).check();
      await expect(code).toHaveValue(/width="1280" height="720"/);
      await sizes.getByRole('radio', { name: 'Responsive' }).check();
      await expect(code).toHaveValue(/^<div style="position:relative;width:100%;aspect-ratio:16\/9"><iframe src="[^"]+"/);
      await expect(code).not.toHaveValue(/width="\d/);
      await shot(page, 'share-dialog');
      await expectNoAxeViolations(page, 'the Share dialog with its embed code', { include: 'dialog' });
      await dialog.getByRole('button', { name: 'Copy embed code' }).click();
      await expect(dialog.getByRole('status')).toHaveText('Embed code copied.');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^<div style="position:relative;width:100%;aspect-ratio:16\/9"><iframe /);
      // The keyboard picks a size too (a radio group: arrows move the choice).
      await sizes.getByRole('radio', { name: 'Responsive' }).focus();
      await page.keyboard.press('ArrowLeft');
      await expect(sizes.getByRole('radio', { name: '1280 × 720' })).toBeChecked();
    });
  }

  test('the link to the view the player reports, from the player only', async ({ page, request }) => {
    const space = await someSpace(request);
    await page.goto(`/discover/space/${space.modelId}/`);
    await sessionKnown(page, 'guest');
    // A stand-in player (same URL and origin): only the messages this test sends reach the page.
    await page.route('**/discover/showcase/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' }));
    await page.getByRole('button', { name: 'Explore 3D space' }).click();
    const player = page.frameLocator('.tour iframe');
    await expect(player.locator('body')).toBeAttached();
    const frame = page.frames().find((f) => f.url().includes('/discover/showcase/')) ?? null;
    expect(frame).not.toBeNull();
    // What the player sends its parent when its view changes (docs: the player's "Share this view" link).
    await frame?.evaluate(() => window.parent.postMessage({ type: 'discover:view', url: `${location.href}&sweep=s2&mode=inside&h=90&p=0` }, '*'));
    await expect(page.locator('[data-tour]')).toHaveAttribute('data-view-url', /&sweep=s2&mode=inside&h=90&p=0$/);
    // Another window's message (here the page itself), or the player naming another space, is not taken.
    await page.evaluate(async (m) => {
      window.postMessage({ type: 'discover:view', url: `${location.origin}/discover/showcase/?m=${m}&sweep=evil` }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }, space.modelId);
    await frame?.evaluate(async () => {
      window.parent.postMessage({ type: 'discover:view', url: `${location.origin}/discover/showcase/?m=someOtherId&sweep=s9` }, '*');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    await expect(page.locator('[data-tour]')).toHaveAttribute('data-view-url', /&sweep=s2&mode=inside&h=90&p=0$/);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share' });
    await expect(dialog.getByLabel('Link to this view')).toHaveValue(new RegExp(`/discover/showcase/\\?m=${space.modelId}&sweep=s2&mode=inside&h=90&p=0$`));
    // A later view replaces it while the dialog is open.
    await frame?.evaluate(() => window.parent.postMessage({ type: 'discover:view', url: `${location.href}&sweep=s3&mode=dollhouse&h=0&p=0` }, '*'));
    await expect(dialog.getByLabel('Link to this view')).toHaveValue(/&sweep=s3&mode=dollhouse/);
    await expectNoAxeViolations(page, 'the Share dialog with a view link', { include: 'dialog' });
  });
});

test('every space page tells other sites how to embed it: oEmbed discovery, Open Graph video and image, a Twitter player card', async ({
  request,
  baseURL,
}) => {
  const space = await someSpace(request);
  const pageUrl = `${baseURL}/discover/space/${space.modelId}/`;
  const html = await (await request.get(pageUrl)).text();
  const attr = (re: RegExp) => re.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const meta = (key: string) => attr(new RegExp(`<meta (?:property|name)="${key.replaceAll('.', '\\.')}" content="([^"]*)"`));
  const player = `${baseURL}/discover/showcase/?m=${space.modelId}`;
  expect(attr(/<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/)).toBe(
    `${baseURL}/api/oembed/?url=${encodeURIComponent(pageUrl)}&format=json`,
  );
  expect(meta('og:video')).toBe(player);
  expect(meta('og:video:type')).toBe('text/html');
  expect([meta('og:video:width'), meta('og:video:height')]).toEqual(['1280', '720']);
  // Served over http here: no secure_url (it is the same URL when the public origin is https).
  expect(meta('og:video:secure_url')).toBeUndefined();
  expect(meta('twitter:card')).toBe('player');
  expect(meta('twitter:player')).toBe(player);
  expect([meta('twitter:player:width'), meta('twitter:player:height')]).toEqual(['1280', '720']);
  // The link preview is the 1200×630 view of the space's own model.
  expect(meta('og:image')).toMatch(/^http:\/\/.+\/media\/spaces\/model-[a-z-]+-\d\/og\.jpg$/);
  expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
  const og = await sharp(Buffer.from(await (await request.get(meta('og:image') ?? '')).body())).metadata();
  expect([og.format, og.width, og.height]).toEqual(['jpeg', 1200, 630]);
  // The player it names is there, and the discovery link answers the player's embed code.
  expect((await request.get(player)).ok()).toBe(true);
  const oembed = (await (await request.get(attr(/type="application\/json\+oembed" href="([^"]+)"/) ?? '')).json()) as { type: string; html: string };
  expect(oembed.type).toBe('rich');
  expect(oembed.html).toContain(`src="${player}"`);
});

/** A picture's pixels at a small common size, to compare two renditions of one view. */
async function thumbnailPixels(request: APIRequestContext, url: string, crop?: { width: number; height: number }): Promise<Buffer> {
  let picture = sharp(Buffer.from(await (await request.get(url)).body()));
  if (crop) {
    const { width = 0, height = 0 } = await picture.metadata();
    picture = sharp(await picture.extract({ left: Math.round((width - crop.width) / 2), top: Math.round((height - crop.height) / 2), ...crop }).toBuffer());
  }
  return picture.resize(64, 36, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

test('what the card shows is what the tour shows: the space’s card picture is a view of its tour model, the player’s poster', async ({ request, baseURL }) => {
  const space = await someSpace(request);
  const card = (await (await request.get(`${baseURL}/api/content/space/?limit=1`)).json()) as { results: { images: { cover: string; thumbnail: string } }[] };
  const tour = (await (await request.get(`${baseURL}/api/content/space/${space.modelId}/tour/`)).json()) as { poster: { url: string } | null };
  const images = card.results[0]?.images;
  const poolModel = /\/media\/tours\/([a-z-]+-\d)\/poster\.webp$/.exec(tour.poster?.url ?? '')?.[1];
  expect(poolModel, tour.poster?.url).toBeTruthy();
  expect(images?.thumbnail).toMatch(new RegExp(`/media/spaces/model-${poolModel}/480\\.webp$`));
  // Same pixels: the poster is the card picture's 16:9 middle.
  const a = await thumbnailPixels(request, new URL(images?.cover ?? '', baseURL).href, { width: 1200, height: 675 });
  const b = await thumbnailPixels(request, new URL(tour.poster?.url ?? '', baseURL).href);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  expect(diff / a.length).toBeLessThan(6);
});

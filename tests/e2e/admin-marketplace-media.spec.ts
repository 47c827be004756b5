import { deflateSync, crc32 } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { auditA11y, getJson, signInAsAdmin } from './admin-helpers.ts';

/** Marketplace console (issue 13): a partner's logo, an app's screenshot and document, as the public app shows them. */

// Uploads, two saves, an axe run and a publish on 2 shared cores.
test.describe.configure({ timeout: 180_000 });

interface AdminApp {
  id: string;
  slug: string;
  name: string;
  partnerId: string;
  screenshots: { id: string }[];
  documents: unknown[];
}
interface PublicApp {
  documents: { title: string; url: string }[];
  screenshots: { id: string; alt: string }[];
  partner: { logo: { id: string } | null };
}

/** A solid-colour RGB PNG of `width` × `height`, made here (no fixture file). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3] as number)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

test('an admin uploads a partner logo, an app screenshot and adds a document; the public app shows them', async ({ page }) => {
  await signInAsAdmin(page, '/admin/marketplace/apps');
  const { apps } = await getJson<{ apps: AdminApp[] }>(page, '/admin/api/marketplace/apps/');
  // Re-runs on one data folder add a screenshot each: take an app with room for one more (at most 8).
  const app = apps.find((a) => a.screenshots.length < 8 && a.documents.length < 20) as AdminApp;
  const title = `Install guide ${Date.now().toString(36)}`;

  // Partner: logo upload with its preview.
  await page.goto(`/admin/marketplace/partners/${app.partnerId}`);
  await expect(page.getByRole('heading', { name: 'Edit partner' })).toBeVisible();
  const logoInput = page.locator('input[type="file"]');
  await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(256, 256, [11, 110, 79]) });
  const logo = page.locator('img.adm-mk-logo__img');
  await expect(logo).toHaveAttribute('src', /\/media\//);
  await expect(page.getByRole('button', { name: 'Replace logo' })).toBeEnabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/marketplace\/partners$/);

  // App: a screenshot (alt text) and a document row; a bad URL is refused on its row first.
  await page.goto(`/admin/marketplace/apps/${app.id}`);
  await expect(page.getByRole('heading', { name: 'Edit app' })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: png(640, 400, [31, 58, 138]) });
  const n = app.screenshots.length + 1;
  const d = `Documents ${app.documents.length + 1}`;
  await page.getByLabel(`Alt text of screenshot ${n}`).fill('The plan view with measurements');
  await page.getByRole('button', { name: 'Add to documents' }).click();
  await page.getByLabel(`${d}: Title`).fill(title);
  await page.getByLabel(`${d}: URL`).fill('not a url');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByLabel(`${d}: URL`)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(`${d}: URL`).fill('https://example.com/install.pdf');
  await page.getByLabel(`${d}: Kind`).selectOption('PDF');
  await auditA11y(page, 'app form with a screenshot and a document');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/marketplace\/apps$/);

  // The public API answers the change at once.
  const published = await getJson<PublicApp>(page, `/api/marketplace/apps/${app.slug}/`);
  expect(published.documents).toContainEqual(expect.objectContaining({ title, url: 'https://example.com/install.pdf' }));
  expect(published.screenshots).toHaveLength(n);
  expect(published.screenshots[n - 1]?.alt).toBe('The plan view with measurements');
  expect(published.partner.logo).not.toBeNull();

  // The app page, once the publisher rebuilt it.
  await expect(async () => {
    await page.goto(`/discover/marketplace/app/${app.slug}`);
    await expect(page.getByRole('link', { name: title })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000, intervals: [2000] });
  await expect(page.locator('img.mk-logo--lg')).toHaveAttribute('src', /\/media\//);
});

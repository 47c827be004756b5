import { expect, test, type Locator, type Page } from '@playwright/test';
import { auditA11y, signInAsAdmin } from '../e2e/admin-helpers.ts';

/**
 * The admin console for keyboard and screen-reader users: axe (WCAG 2.0–2.2 A and AA, with 2.1 A's
 * label-in-name) over every screen, the tables' grid keyboard walk (one Tab stop, arrows between
 * cells and a row's actions), the user menu's name and the import panel's Escape.
 */

// Several screens per test, each waiting for its data, on 2 shared cores.
test.describe.configure({ timeout: 120_000 });

/** The console's screens; `:first` is the first row of the list before it (its edit screen). */
const SCREENS: [string, string][] = [
  ['Featured Tags', '/admin/featured-tags'],
  ['Featured tag (new)', '/admin/featured-tags/create'],
  ['Featured tag (edit)', '/admin/featured-tags/:first'],
  ['Featured Collections', '/admin/collections'],
  ['Make Featured Collection', '/admin/collections/create'],
  ['Add to Featured Collection', '/admin/collections/add'],
  ['Edit Featured Collection', '/admin/collections/:first'],
  ['Carousel', '/admin/carousel'],
  ['Add Carousel Item', '/admin/carousel/create'],
  ['Edit Carousel Item', '/admin/carousel/:first'],
  ['Spaces', '/admin/spaces'],
  ['About space', '/admin/spaces/:first'],
  ['Pencil banner', '/admin/banner'],
  ['Audit log', '/admin/audit-log'],
  ['Moderation', '/admin/moderation'],
  ['Accounts', '/admin/accounts'],
  ['Submissions', '/admin/submissions'],
  ['Marketplace apps', '/admin/marketplace/apps'],
  ['Marketplace app (new)', '/admin/marketplace/apps/create'],
  ['Marketplace app (edit)', '/admin/marketplace/apps/:first'],
  ['Marketplace partners', '/admin/marketplace/partners'],
  ['Marketplace partner (new)', '/admin/marketplace/partners/create'],
  ['Marketplace partner (edit)', '/admin/marketplace/partners/:first'],
  ['Marketplace collections', '/admin/marketplace/collections'],
  ['Marketplace collection (new)', '/admin/marketplace/collections/create'],
  ['Marketplace collection (edit)', '/admin/marketplace/collections/:first'],
  ['Marketplace leads', '/admin/marketplace/leads'],
];

/** Waits until a screen has its data: no loading row or text left. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-admin-ready', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
}

/** Goes to a list screen and returns its first row's id. */
async function firstRowId(page: Page, list: string): Promise<string> {
  await page.goto(list);
  await settled(page);
  const id = await page.locator('tbody tr[data-row-id]').first().getAttribute('data-row-id');
  expect(id, `${list} has a row`).toBeTruthy();
  return id as string;
}

/** Focuses the last element in Tab order before `table`. */
async function focusBefore(table: Locator): Promise<void> {
  await table.evaluate((el) => {
    // The last element in Tab order before the table.
    const all = Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')).filter(
      (e) => e.tabIndex >= 0 && !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0,
    );
    const before = all.filter((e) => e.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING && !el.contains(e));
    before.at(-1)?.focus();
  });
}

/** How many Tab presses from the last stop before `table` until focus is past it. */
async function tabsToPass(page: Page, table: Locator): Promise<number> {
  await focusBefore(table);
  const inside = () => table.evaluate((el) => el.contains(document.activeElement));
  let presses = 0;
  let entered = false;
  // Until focus has been in the table and left it (to what follows, or out of the page when nothing does).
  while (presses < 200) {
    await page.keyboard.press('Tab');
    presses += 1;
    if (await inside()) entered = true;
    else if (entered) break;
  }
  return presses;
}

const focused = (page: Page) => page.locator(':focus');

test.describe('every console screen', () => {
  for (const [label, path] of SCREENS) {
    test(`${label} passes axe (wcag2a, wcag21a, wcag2aa…)`, async ({ page }) => {
      const list = path.replace('/:first', '');
      await signInAsAdmin(page, list);
      const target = path === list ? path : `${list}/${encodeURIComponent(await firstRowId(page, list))}`;
      if (target !== list) await page.goto(target);
      await settled(page);
      await auditA11y(page, `${label} ${target}`);
    });
  }
});

test('the user menu button is named by its visible text, then what it is', async ({ page }) => {
  await signInAsAdmin(page, '/admin/banner');
  const button = page.locator('.adm-user__btn');
  const shown = (await button.locator('.adm-user__name').textContent())?.trim() ?? '';
  expect(shown.length).toBeGreaterThan(0);
  const named = new RegExp(`^${shown} Account menu$`);
  await expect(button).toHaveAccessibleName(named);
  await page.setViewportSize({ width: 390, height: 844 });
  // On a phone only the initials show; the name stays in the button's accessible name.
  await expect(button.locator('.adm-user__name')).not.toBeInViewport();
  await expect(button).toHaveAccessibleName(named);
  await auditA11y(page, 'phone header');
});

test('a table is one Tab stop; arrows walk its cells and reach a row’s actions; Enter opens, Space selects', async ({ page }) => {
  await signInAsAdmin(page, '/admin/spaces');
  await settled(page);
  const spaces = page.getByRole('grid', { name: /spaces/i });
  await expect(spaces.locator('tbody tr[data-row-id]').nth(11)).toBeVisible();
  // 25 rows with a checkbox, links and actions each: in, then out.
  expect(await tabsToPass(page, spaces)).toBeLessThanOrEqual(2);

  await page.goto('/admin/featured-tags');
  await settled(page);
  const grid = page.getByRole('grid', { name: /featured tags/i });
  const rows = grid.locator('tbody tr[data-row-id]');
  await expect(rows.nth(1)).toBeVisible();
  expect(await tabsToPass(page, grid)).toBeLessThanOrEqual(2);
  // Tab in again: the first row's first control (its drag handle).
  await focusBefore(grid);
  await page.keyboard.press('Tab');
  const nameOf = async (row: Locator) => (await row.getByRole('link').first().textContent())?.trim() ?? '';
  const name = await nameOf(rows.first());
  await expect(focused(page)).toHaveAccessibleName(`Drag ${name} to reorder`);
  // Right walks the row: move down (move up is disabled on the first row, so skipped), select, name, tags, switch, Edit.
  const seen: string[] = [];
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('ArrowRight');
    seen.push((await focused(page).getAttribute('aria-label')) ?? (await focused(page).textContent()) ?? '');
  }
  expect(seen).toEqual(expect.arrayContaining([`Move ${name} down`, `Select ${name}`, `Edit ${name}`]));
  await expect(focused(page)).toHaveAccessibleName(`Edit ${name}`);
  // Down keeps the column: the second row's Edit.
  const second = await nameOf(rows.nth(1));
  await page.keyboard.press('ArrowDown');
  await expect(focused(page)).toHaveAccessibleName(`Edit ${second}`);
  // Home: the row's first control; three to the right (up, down, select) its checkbox, which Space ticks.
  await page.keyboard.press('Home');
  await expect(focused(page)).toHaveAccessibleName(`Drag ${second} to reorder`);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await expect(focused(page)).toHaveAccessibleName(`Select ${second}`);
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected')).toBeHidden();
  // Up to the header row, same column: the select-all box; Ctrl+End: the last row's last control.
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(focused(page)).toHaveAccessibleName('Select all rows');
  await page.keyboard.press('Control+End');
  await expect(focused(page)).toHaveAccessibleName(`Edit ${await nameOf(rows.last())}`);
  // Only the walk's current stop is in the Tab order.
  expect(await grid.locator('[tabindex="0"]').count()).toBe(1);
  // Enter follows the focused link.
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/featured-tags\/[^/]+$/);
});

test('the "Import spaces" panel closes on Escape and gives focus back to its button', async ({ page }) => {
  await signInAsAdmin(page, '/admin/spaces');
  await settled(page);
  const opener = page.getByRole('button', { name: 'Import spaces' });
  await opener.click();
  const paste = page.getByLabel('Feed (JSON or CSV)');
  await expect(paste).toBeVisible();
  await paste.fill('[]');
  await page.keyboard.press('Escape');
  await expect(paste).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
});

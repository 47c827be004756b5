import { expect, test } from '@playwright/test';
import { shoot } from './capture-helpers.ts';
import { me, sessionKnown, signIn, VISITOR } from './user-helpers.ts';

/**
 * Social links (issue 27): people type a handle or an address without https://, and the editor
 * shows the full address that was stored once they save, and again after a reload.
 */
test('a handle and an address without a scheme are saved and shown as full profile URLs', async ({ page }) => {
  await signIn(page, VISITOR);
  const { user_sid } = await me(page);
  await page.goto(`/discover/profile/${user_sid}/?edit=true`);
  await sessionKnown(page, 'user');
  const handle = `visitor_${Date.now() % 100000}`;
  // The footer links to the site's own X account with the same name: the field is the textbox.
  const twitter = page.getByRole('textbox', { name: 'X (Twitter)' });
  await twitter.fill(`@${handle}`);
  await page.getByRole('textbox', { name: 'Instagram' }).fill('instagram.com/visitor.scans');
  await page.getByRole('textbox', { name: 'LinkedIn' }).fill('visitor-scans');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(twitter).toHaveValue(`https://twitter.com/${handle}`);
  await expect(page.getByRole('textbox', { name: 'Instagram' })).toHaveValue('https://instagram.com/visitor.scans');
  await expect(page.getByRole('textbox', { name: 'LinkedIn' })).toHaveValue('https://www.linkedin.com/in/visitor-scans');
  await shoot(page, 'profile-social-saved');
  await page.reload();
  await sessionKnown(page, 'user');
  await expect(twitter).toHaveValue(`https://twitter.com/${handle}`);

  // What is neither a handle nor a web address is refused next to its field.
  await twitter.fill('@two words');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Enter your handle (@name) or a web address')).toBeVisible();
  await expect(twitter).toHaveAttribute('aria-invalid', 'true');
});

import { defineConfig } from '@playwright/test';
import { E2E_SITE_LOCALES } from './tests/e2e/site-locales.ts';

const port = Number(process.env['E2E_PORT'] ?? 4510);
const dataDir = process.env['E2E_DATA_DIR'] ?? '/tmp/discover-e2e-data';

/** End-to-end tests against the real server (seeded small world) in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests',
  testMatch: ['e2e/**/*.spec.ts', 'a11y/**/*.spec.ts'],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env['CI'] ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node scripts/start.ts',
    url: `http://127.0.0.1:${port}/discover/`,
    timeout: 600_000,
    reuseExistingServer: !process.env['CI'],
    stdout: 'pipe',
    // No NODE_ENV: the server runs as `npm start` runs it, and the site it publishes is always a
    // production build (the publisher sets NODE_ENV=production for astro build).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_SPACES: process.env['E2E_SPACES'] ?? '400',
      SITE_LOCALES: E2E_SITE_LOCALES.join(','),
      // Many tests sign in from one address.
      AUTH_RATE_LIMIT_MAX: '1000',
      // The marketplace spec's lead receiver listens on 127.0.0.1 (webhooks go to public addresses only without it).
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
      // The capture specs place orders for the demo organization on every run and the data folder is
      // kept between runs, so the cap of upcoming orders (default 5) would be reached by the second.
      CAPTURE_MAX_OPEN_ORDERS: '1000',
      // Two, not three: the demo organization has three people, and capture-limits.spec.ts needs two
      // of them holding to show the third the account's cap.
      CAPTURE_MAX_HOLDS: '2',
    },
  },
});

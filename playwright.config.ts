import { defineConfig } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';

// The browser tests run the product as `npm start` does (real API, real SQLite, real built
// sites) on their own ports and a throw-away data folder.
// E2E_PORT_OFFSET lets two runs side by side (each with its own ports and folders).
const offset = Number(process.env['E2E_PORT_OFFSET'] ?? 0);
export const API_PORT = 8797 + offset;
export const SITES_PORT = 4397 + offset;
/** The fixtures' SMTP server, which the API sends every e-mail to (tests/e2e/support/start-fixtures.ts). */
const SMTP_PORT = 2597 + offset;
export const ANALYTICS_ENDPOINT = 'http://collector.localhost:9/collect';
const work = path.join(os.tmpdir(), `gallery-e2e-${SITES_PORT}`);
/** Chromium's switches for every test (a spec adding its own, e.g. a fake camera, starts from these). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost , EXCLUDE *.localhost',
];
/** The change webhook's secret in this run (tests/e2e/publisher.spec.ts signs with it). */
export const WEBHOOK_SECRET = 'e2e-change-webhook-secret-of-32-characters-or-more';
/** The run's data folder (tests that add data at run time give it to the admin CLI). */
export const E2E_DATA_DIR = path.join(work, 'data');
/** Where the fixtures' SMTP server writes each message it receives, whole, as `<n>.eml`. */
export const E2E_INBOX_DIR = path.join(work, 'inbox');

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env['CI'] ? 'list' : 'line',
  use: {
    baseURL: `http://demo.localhost:${SITES_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `rm -rf ${work} && node tests/e2e/support/start-fixtures.ts`,
    url: `http://127.0.0.1:${SITES_PORT}/`,
    // Builds every fixture site first: minutes on a loaded 2-core machine.
    timeout: 480_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      API_PORT: String(API_PORT),
      SITES_PORT: String(SITES_PORT),
      DATA_DIR: E2E_DATA_DIR,
      E2E_WORK_DIR: work,
      E2E_INBOX_DIR,
      // The API sends e-mails to a real SMTP server, as in production; the tests read what it received.
      SMTP_URL: `smtp://gallery:e2e@127.0.0.1:${SMTP_PORT}`,
      PUBLISH_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLISH_POLL_MS: '500',
      PUBLISH_DEBOUNCE_MS: '500',
      ASTRO_TELEMETRY_DISABLED: '1',
      // The built sites report to a collector the analytics test intercepts.
      PUBLIC_ANALYTICS_ID: 'G-E2E',
      PUBLIC_ANALYTICS_ENDPOINT: ANALYTICS_ENDPOINT,
    },
  },
});

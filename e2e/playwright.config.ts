import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '@ledgerdesk/test-support/chromium';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
export const baseURL = `http://localhost:${port}`;
const dataDir = path.join(os.tmpdir(), `ledgerdesk-e2e-${process.pid}`);

// Browser journeys against the production build, in Debian's Chromium (never a downloaded browser).
export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: {
    command: `node ../apps/server/dist/main.js`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      MAIL_SANDBOX: 'on',
      // Journeys move the server's clock forward (snooze returns, reminders) over loopback.
      TEST_CLOCK_CONTROL: 'on',
      SIGN_IN_MAX_ATTEMPTS_PER_IP: '1000',
    },
  },
});

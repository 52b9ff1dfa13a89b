import { defineConfig, devices } from '@playwright/test';
import { chromiumExecutable, chromiumFlags } from './support/chromium';
import { hostUrl } from './support/ports';

const chromium = { executablePath: chromiumExecutable, args: chromiumFlags };

// Runs with a port offset keep their results apart too (see support/stack.ts).
const offset = process.env.E2E_PORT_OFFSET;

export default defineConfig({
  testDir: './tests',
  outputDir: offset ? `test-results-${offset}` : 'test-results',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: hostUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /federation\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
    {
      // The catalogue and 3-D Secure journeys again on a phone-size screen (dialogs become bottom drawers).
      name: 'mobile',
      testMatch: /(catalog|payments-3ds|apple-pay)\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    {
      // Takes deployments down and redeploys them: runs after everything else, on its own.
      name: 'federation',
      testMatch: /federation\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
  ],
});

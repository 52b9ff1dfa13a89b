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
    // A failed test keeps its trace of DOM snapshots, without the screencast: recording every test's
    // frames took a large share of the two CPUs the whole suite runs on.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(federation|delivery|console-versions)\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
    {
      // Every journey again on a phone-size screen (dialogs become bottom drawers), in weeks of its
      // own (support/checkout.ts). The accessibility scan sets its own viewports and the keyboard
      // journey is the desktop's; federation has its own project.
      name: 'mobile',
      testIgnore: /(federation|delivery|console-versions|axe|keyboard)\.spec\.ts/,
      use: { ...devices['Pixel 7'], launchOptions: chromium },
    },
    {
      // Takes deployments down and redeploys them: runs after everything else, on its own.
      name: 'federation',
      testMatch: /federation\.spec\.ts/,
      dependencies: ['desktop', 'mobile'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
    {
      // Releases, promotes and rolls back a remote for every client (and, from the owner's console,
      // for one marketplace's clients), with the host left running: last, on its own.
      name: 'delivery',
      testMatch: /(delivery|console-versions)\.spec\.ts/,
      dependencies: ['federation'],
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium },
    },
  ],
});

import { rmSync } from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { gotoLive } from '../support/live';
import { ports, remoteOrigins } from '../support/ports';
import { expectServices, operatorQuery, pnpm, release, releaseFolder } from '../support/releases';

// A team releases, promotes and rolls back its remote while the host keeps running (it is never
// restarted or rebuilt here). These change what every client gets, so they run alone, in order.
test.describe.configure({ mode: 'serial' });

const SERVICES = '/3/services';
const markerA = `Spring menu, release A (${Date.now()})`;
const markerB = `Summer menu, release B (${Date.now()})`;
let versionA = '';
let versionB = '';

/** A new browser (its own cookies, so its own place in a canary): the marker its services page shows. */
async function newVisitor(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

async function shownMarker(page: Page): Promise<'A' | 'B' | 'none'> {
  await gotoLive(page, SERVICES);
  await expect(page.getByRole('heading', { level: 1, name: 'Select a Service' })).toBeVisible();
  await expect(page.locator('[data-catalog-edition]')).toBeVisible();
  if (await page.getByText(markerA).isVisible()) return 'A';
  if (await page.getByText(markerB).isVisible()) return 'B';
  return 'none';
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  versionA = release('catalog', { PUBLIC_CATALOG_ANNOUNCEMENT: markerA });
  versionB = release('catalog', { PUBLIC_CATALOG_ANNOUNCEMENT: markerB });
  expect(versionA).not.toBe(versionB);
});

test.afterAll(async () => {
  // Every client back on the host's own entries, whatever a failed test left promoted.
  for (let i = 0; i < 10; i += 1) {
    try {
      pnpm(['rollback', 'catalog']);
    } catch {
      break;
    }
  }
});

test('a release changes nothing until it is promoted; then clients get it on their next page load', async ({
  page,
}) => {
  await gotoLive(page, SERVICES);
  await expectServices(page, null, [markerA, markerB]);

  pnpm(['promote', 'catalog', versionA]);
  await gotoLive(page, SERVICES);
  await expectServices(page, markerA, [markerB]);
  // Rendered on the server from the release too: the marker is in the page's HTML.
  const html = await (await page.request.get(SERVICES)).text();
  expect(html).toContain(markerA);
});

test('a 50% canary shows both releases across browsers, and each browser keeps its own', async ({
  browser,
}) => {
  // Fourteen fresh browsers, two page loads each: more than one test's worth of time on a busy machine.
  test.setTimeout(240_000);
  pnpm(['promote', 'catalog', versionB, '--percent', '50']);
  const seen: ('A' | 'B' | 'none')[] = [];
  for (let i = 0; i < 14; i += 1) {
    const { context, page } = await newVisitor(browser);
    const first = await shownMarker(page);
    // Sticky: the same browser gets the same release on its next visits.
    expect(await shownMarker(page)).toBe(first);
    seen.push(first);
    await context.close();
  }
  expect(new Set(seen)).toEqual(new Set(['A', 'B']));
});

test('rollback restores what clients had before, one promotion at a time', async ({ page }) => {
  pnpm(['rollback', 'catalog']);
  // The canary is gone: every browser is back on release A.
  for (let i = 0; i < 3; i += 1) {
    await page.context().clearCookies();
    expect(await shownMarker(page)).toBe('A');
  }
  pnpm(['rollback', 'catalog']);
  expect(await shownMarker(page)).toBe('none');
});

test('a release whose entry is gone falls back to the last good one with no blank page, and is reported', async ({
  browser,
}) => {
  pnpm(['promote', 'catalog', versionA]);
  pnpm(['promote', 'catalog', versionB]);
  // The CDN lost release B's entry.
  rmSync(path.join(releaseFolder('catalog', versionB), 'mf-manifest.json'));

  const { context, page } = await newVisitor(browser);
  expect(await shownMarker(page)).toBe('A');
  await expectServices(page, markerA, [markerB]);
  await context.close();

  await expect
    .poll(async () => {
      const answer = await operatorQuery<{ remoteReleases: { version: string; failureReports: number }[] }>(
        'query { remoteReleases(remote: catalog) { version failureReports } }',
      );
      return answer.data?.remoteReleases.find((r) => r.version === versionB)?.failureReports ?? 0;
    })
    .toBeGreaterThan(0);
});

test('a broken canary is taken out of rotation after browsers report it, and the owner sees why', async ({
  browser,
}) => {
  // Up to thirty fresh browsers until enough of them report the broken canary.
  test.setTimeout(300_000);
  pnpm(['rollback', 'catalog']);
  pnpm(['promote', 'catalog', versionB, '--percent', '50']);
  const removal = async () => {
    const answer = await operatorQuery<{
      remoteRolloutsOf: {
        marketplaceId: string | null;
        canary: unknown;
        canaryRemoval: { version: string; reason: string } | null;
      }[];
    }>(
      'query { remoteRolloutsOf(remote: catalog) { marketplaceId canary { version } canaryRemoval { version reason } } }',
    );
    return answer.data?.remoteRolloutsOf.find((rollout) => rollout.marketplaceId === null);
  };
  for (let i = 0; i < 30 && (await removal())?.canary; i += 1) {
    const { context, page } = await newVisitor(browser);
    // In the canary or not, every browser sees a working page (release A).
    expect(await shownMarker(page)).toBe('A');
    await context.close();
  }
  const rollout = await removal();
  expect(rollout?.canary).toBeNull();
  expect(rollout?.canaryRemoval?.version).toBe(versionB);
  expect(rollout?.canaryRemoval?.reason).toMatch(/browsers could not load it/);
  // The team's status command shows it too.
  expect(pnpm(['releases', 'catalog'])).toMatch(
    new RegExp(`canary ${versionB} was taken out of rotation at .*: \\d+ browsers could not load it`),
  );
  pnpm(['rollback', 'catalog']);
});

test('an entry from an origin not on the allow-list is refused by the API', async () => {
  const answer = await operatorQuery<unknown>(
    'mutation ($input: RecordRemoteReleaseInput!) { recordRemoteRelease(input: $input) { version } }',
    {
      input: {
        remote: 'catalog',
        version: 'abcdefabcdef',
        entry: 'https://evil.example/catalog/mf-manifest.json',
        checksum: 'abcdefabcdef'.repeat(6).slice(0, 64),
        contractVersion: '1.0.0',
      },
    },
  );
  expect(answer.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  expect(answer.errors?.[0]?.message).toContain('https://evil.example');
});

test('the pages allow scripts only from the host and the allowed origins, and a script from elsewhere is blocked', async ({
  page,
}) => {
  const response = await page.goto(SERVICES);
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
  expect(scriptSrc?.trim()).toBe(`script-src 'self' ${remoteOrigins.split(',').join(' ')}`);
  await expectServices(page, null);

  // A script from an origin that is not on the list (as an override elsewhere would load) never runs.
  const outsider = `http://127.0.0.1:${ports.oidc}/outsider.js`;
  const blocked = await page.evaluate(
    (src) =>
      new Promise<{ blockedURI: string; directive: string; ran: boolean }>((resolve) => {
        document.addEventListener(
          'securitypolicyviolation',
          (event) =>
            setTimeout(
              () =>
                resolve({
                  blockedURI: event.blockedURI,
                  directive: event.effectiveDirective,
                  ran: 'outsiderRan' in window,
                }),
              100,
            ),
          { once: true },
        );
        const script = document.createElement('script');
        script.src = src;
        document.head.append(script);
      }),
    outsider,
  );
  expect(blocked).toEqual({ blockedURI: outsider, directive: 'script-src-elem', ran: false });
});

test('every route works under the Content-Security-Policy, with no violation', async ({ page }) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.effectiveDirective} ${event.blockedURI} on ${location.pathname}`,
      ),
    );
  });
  const routes: [string, string][] = [
    ['/1/set-location', 'Choose Location'],
    ['/2/services', 'Select a Service'],
    ['/3/services', 'Select a Service'],
    ['/1/memberships', 'Memberships & Packages'],
    ['/no-such-page', 'Rut row, 404'],
    ['/11', 'Marketplace not found'],
    ['/reset-password', 'Reset Password'],
  ];
  for (const [route, heading] of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  expect(violations).toEqual([]);
});

import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { dialog, mailbox, nextSignInCode, toast, typeCode } from '../support/identity';
import { gotoLive } from '../support/live';
import { expectServices, operatorQuery, release } from '../support/releases';

// The owner's tenant versions: a catalog release previewed in the owner's browser only,
// then made live for Glow's clients and rolled back, each seen by a client on their next page load.
// It changes what every client of Glow gets, so it runs in the delivery project, after the journeys.
test.describe.configure({ mode: 'serial' });

const SERVICES = '/1/services';
const owner = 'owner@glow.example';
const marker = `Autumn menu, the owner's pick (${Date.now()})`;
let version = '';

test.beforeAll(async () => {
  test.setTimeout(600_000);
  version = release('catalog', { PUBLIC_CATALOG_ANNOUNCEMENT: marker });
});

test.afterAll(async () => {
  // Glow back on the default, whatever a failed test left in force.
  for (let i = 0; i < 10; i += 1) {
    const answer = await operatorQuery(
      'mutation { rollbackRemote(remote: catalog, marketplaceId: "1") { version } }',
    );
    if (answer.errors) break;
  }
});

/** Glow's owner signs in to the console in a browser of their own and opens Versions. */
async function ownerOpensVersions(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/1/console');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  const seen = (await mailbox(request, owner)).length;
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  const signIn = dialog(page, 'Sign in');
  await signIn.getByRole('textbox', { name: 'Email' }).fill(owner);
  await signIn.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(dialog(page, 'Check your email')).toBeVisible();
  await typeCode(page, await nextSignInCode(request, owner, seen));
  await expect(toast(page, 'Login successful!')).toBeVisible();
  // The console lands on its day's work first (Glow is live: Requests); then Versions is chosen.
  await expect(page.getByRole('heading', { level: 1, name: 'Requests' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Versions' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Versions' })).toBeVisible();
  return page;
}

const catalogRow = (page: Page): Locator =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Catalog', exact: true }) });

/** Presses one of the row's actions and confirms it in its dialog. */
async function confirmAction(page: Page, action: string, title: string, confirm: string) {
  await catalogRow(page).getByRole('button', { name: action }).click();
  const asked = page.getByRole('alertdialog', { name: title });
  await asked.getByRole('button', { name: confirm, exact: true }).click();
  await expect(asked).toBeHidden();
}

test('the owner previews a catalog release alone, makes it live, and rolls it back; a client sees each change on the next load', async ({
  browser,
  request,
}) => {
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await gotoLive(client, SERVICES);
  await expectServices(client, null, [marker]);

  const page = await ownerOpensVersions(browser, request);
  await catalogRow(page).getByRole('combobox', { name: 'Release of catalog' }).selectOption(version);

  // Preview: the services page opens in a new tab of the owner's browser, with the release and the notice.
  const opened = page.context().waitForEvent('page');
  await confirmAction(page, 'Preview catalog', `Preview catalog ${version}?`, 'Preview');
  const preview = await opened;
  await gotoLive(preview, SERVICES);
  await expectServices(preview, marker);
  await expect(preview.getByRole('status', { name: 'Preview', exact: true })).toContainText(
    `Previewing catalog ${version} — only you see this`,
  );
  await expect(preview.getByRole('button', { name: 'End preview' })).toBeVisible();
  // Nobody else gets it.
  await gotoLive(client, SERVICES);
  await expectServices(client, null, [marker]);

  // Make live: every client of Glow gets it on their next page load.
  await confirmAction(page, 'Make live catalog', `Make catalog ${version} live?`, 'Make live');
  await expect(toast(page, `Catalog ${version} is live for your clients.`)).toBeVisible();
  await expect(catalogRow(page)).toContainText('Override');
  await gotoLive(client, SERVICES);
  await expectServices(client, marker);
  // Making it live ended the owner's preview: their pages are the clients' again, without the notice.
  await gotoLive(preview, SERVICES);
  await expectServices(preview, marker);
  await expect(preview.getByRole('status', { name: 'Preview', exact: true })).toHaveCount(0);

  // Roll back: the clients get what they had before.
  await confirmAction(page, 'Roll back catalog', 'Roll back catalog?', 'Roll back');
  await expect(toast(page, 'Catalog rolled back: your clients get')).toBeVisible();
  await gotoLive(client, SERVICES);
  await expectServices(client, null, [marker]);

  await clientContext.close();
  await page.context().close();
});

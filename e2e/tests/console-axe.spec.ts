import { expect, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { staffSignsIn } from '../support/staff-api';

/**
 * The console is as reachable as the client side — axe-core finds no critical or serious
 * violation on its sign-in page, any section or the Versions confirmation, at 1280 px and on a
 * tablet (768 px). Nocturne's owner sees every section (no other console spec uses that account).
 * The viewports are set here, so this spec runs in the desktop project only.
 */
const sections = [
  'Setup',
  'Requests',
  'Schedule',
  'Waitlist',
  'Clients',
  'Catalogue',
  'Offers',
  'Team',
  'Settings',
  'Versions',
  'Activity',
  'Reports',
] as const;

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'tablet', width: 768, height: 1024 },
]) {
  test(`at ${viewport.width} px the console's pages and dialogs have no critical or serious violation`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const guest = await (await browser.newContext({ viewport })).newPage();
    const report = axeReport(guest);
    await guest.goto('/2/console');
    await expect(guest.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
    await report.scan(`${viewport.name} staff sign-in`);

    const owner = await staffSignsIn(browser, request, '2', 'owner@nocturne.example');
    await owner.setViewportSize(viewport);
    const ownerReport = axeReport(owner);
    const navigation = owner.getByRole('navigation', { name: 'Console sections' });
    for (const section of sections) {
      await navigation.getByRole('link', { name: section }).click();
      await expect(owner.getByRole('heading', { level: 1, name: section })).toBeVisible();
      await expect(owner.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
      // No sideways scrolling on a tablet or a desktop.
      expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await ownerReport.scan(`${viewport.name} ${section}`);
    }
    // A practitioner's page: details, weekly hours, changed days and time off.
    await navigation.getByRole('link', { name: 'Team' }).click();
    await owner
      .getByRole('button', { name: /^Edit / })
      .first()
      .click();
    await expect(owner.getByRole('region', { name: 'Changed days' })).toBeVisible();
    await owner.getByRole('button', { name: 'Add hours that day' }).click();
    await ownerReport.scan(`${viewport.name} Team practitioner`);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    // Nothing left unsaved, so leaving the section asks nothing.
    await owner.getByRole('button', { name: 'Remove Hours 1' }).click();

    // Nocturne's catalog has published releases (its seeded edition): its confirmation dialog.
    await navigation.getByRole('link', { name: 'Versions' }).click();
    await owner.getByRole('button', { name: 'Preview catalog' }).click();
    const title = /^Preview catalog /;
    const confirm = owner
      .getByRole('dialog', { name: title })
      .or(owner.getByRole('alertdialog', { name: title }));
    await expect(confirm).toBeVisible();
    await ownerReport.scan(`${viewport.name} Versions confirmation`);
    await owner.keyboard.press('Escape');
    await expect(confirm).toBeHidden();

    expect([...report.found, ...ownerReport.found]).toEqual([]);
    // Contexts opened here outlive the test unless closed: the console would go on polling.
    await Promise.all([guest.context().close(), owner.context().close()]);
  });
}

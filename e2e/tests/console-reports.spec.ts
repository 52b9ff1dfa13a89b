import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { glow } from '../support/booking';
import { uniqueEmail, uniquePhone } from '../support/identity';
import { tabTo } from '../support/keyboard';
import { decimalAmount } from '../support/money';
import { operatorQuery } from '../support/releases';
import { graphql, staffSignsIn } from '../support/staff-api';

/** A day of its own for this journey: well ahead, where no other journey books Glow's clinic. */
function reportDay(offset: number): string {
  return new Date(Date.now() + (200 + offset) * 86_400_000).toISOString().slice(0, 10);
}

/** The first day from reportDay(0) on with a free time for a B12 shot at Glow's Manhattan clinic. */
async function freeTime(request: APIRequestContext): Promise<{ day: string; time: string }> {
  for (let offset = 0; offset < 14; offset++) {
    const day = reportDay(offset);
    const { availabilities } = await graphql<{ availabilities: { slots: { time: string }[] } }>(
      request,
      'query ($input: AvailabilitiesInput!) { availabilities(input: $input) { slots { time } } }',
      {
        input: {
          marketplaceId: glow.id,
          organizationId: glow.manhattan.id,
          procedureIds: [glow.b12.id],
          dateRange: { start: day, end: day },
        },
      },
    );
    const time = availabilities.slots[0]?.time;
    if (time) return { day, time };
  }
  throw new Error('No free time at Glow Midtown Manhattan in two weeks');
}

/** A guest's request for a B12 shot with a card that pays, through the API; its id and deposit. */
async function guestBooksWithCard(request: APIRequestContext, day: string, time: string) {
  const { sandboxTokenizeCard } = await graphql<{ sandboxTokenizeCard: { token: string } }>(
    request,
    'mutation ($input: SandboxCardInput!) { sandboxTokenizeCard(input: $input) { token } }',
    {
      input: {
        number: '4242424242424242',
        expMonth: 12,
        expYear: new Date().getFullYear() + 3,
        cvc: '123',
        addressLine1: '1 Main St',
        addressCity: 'New York',
        addressState: 'NY',
        addressPostalCode: '10001',
      },
    },
  );
  const email = uniqueEmail('rhea.reports');
  const profile = { givenName: 'Rhea', familyName: 'Reports', phone: uniquePhone(), dob: '1990-04-01' };
  const { createAppointmentRequest } = await graphql<{
    createAppointmentRequest: { id: string; dueOnConfirmation: number };
  }>(
    request,
    'mutation ($input: CreateAppointmentRequestInput!) { createAppointmentRequest(input: $input) { id dueOnConfirmation } }',
    {
      input: {
        marketplaceId: glow.id,
        idempotencyKey: randomUUID(),
        organizationId: glow.manhattan.id,
        procedures: [glow.b12.id],
        dateRanges: [{ start: `${day}T${time}`, end: `${day}T${time}` }],
        checkoutNotes: [{ checkoutNoteId: '102', value: 'None' }],
        paymentMethod: {
          card: {
            token: sandboxTokenizeCard.token,
            identity: { firstName: 'Rhea', lastName: 'Reports', email, postalCode: '10001' },
          },
        },
        registerUser: { email, profile: { ...profile, tzid: 'America/New_York', emailOptIn: false } },
      },
    },
  );
  return createAppointmentRequest;
}

/** A figure of the report's summary by its term ('Collected'), as cents. */
async function summaryCents(page: Page, term: string): Promise<number> {
  const text = await page
    .locator('dl dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  expect(text).toMatch(/^\$[\d,]+\.\d\d$/);
  return Number((text ?? '').replace(/[$,.]/g, ''));
}

/** Dollars as the CSV writes them ('12.34') as cents, without floating point. */
const csvCents = (dollars: string) => Number(dollars.replace('.', ''));

// The owner reads the day of a visit they were paid a deposit for, and the payments they download add
// up to the collected figure they see. The console's layout is checked at tablet and desktop width.
test('the owner opens Reports, picks a period, sees its figures and downloads payments that add up to them', async ({
  browser,
  request,
}) => {
  test.skip(test.info().project.name !== 'desktop', 'sets its own viewports; one owner account');
  test.setTimeout(240_000);
  const { day, time } = await freeTime(request);
  const booked = await guestBooksWithCard(request, day, time);
  const confirmed = await operatorQuery<{ confirmAppointment: { status: string; charged: number } }>(
    'mutation ($id: ID!) { confirmAppointment(id: $id) { status charged } }',
    { id: booked.id },
  );
  expect(confirmed.data?.confirmAppointment).toEqual({ status: 'BOOKED', charged: booked.dueOnConfirmation });

  const owner = await staffSignsIn(browser, request, glow.id, 'owner@glow.example');
  await owner.setViewportSize({ width: 1280, height: 900 });
  await owner
    .getByRole('navigation', { name: 'Console sections' })
    .getByRole('link', { name: 'Reports' })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(owner.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

  // The visit's day as a custom period.
  await owner.getByLabel('From', { exact: true }).fill(day);
  await owner.getByLabel('To', { exact: true }).fill(day);
  await owner.getByRole('button', { name: 'Show period' }).click();
  await expect(owner).toHaveURL(new RegExp(`/1/console/reports\\?from=${day}&to=${day}$`));
  const moneyTable = owner.getByRole('table', { name: 'Money by day' });
  await expect(moneyTable).toBeVisible();
  const collected = await summaryCents(owner, 'Collected');
  expect(collected).toBeGreaterThanOrEqual(booked.dueOnConfirmation);
  await expect(
    owner
      .getByRole('figure', { name: /money collected and refunded/ })
      .locator('.recharts-bar-rectangle')
      .first(),
  ).toBeVisible();
  await expect(owner.getByRole('table', { name: 'Utilisation by practitioner' })).toBeVisible();

  // Keyboard: the period's controls lead on to the downloads.
  await owner.getByRole('button', { name: 'Show period' }).focus();
  const exportPayments = owner.getByRole('button', { name: 'Export payments (CSV)' });
  await tabTo(owner, owner.getByRole('button', { name: 'Export appointments (CSV)' }));
  await tabTo(owner, exportPayments);
  const [download] = await Promise.all([owner.waitForEvent('download'), owner.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`payments-${day}-to-${day}.csv`);
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  // No cell of this export holds a comma (ids, times, decimals, statuses, references, emails).
  const [header, ...rows] = csv
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','));
  expect(header?.[3]).toBe('Kind');
  const charges = rows.filter((row) => row[3] === 'charge');
  expect(charges.reduce((total, row) => total + csvCents(row[4] ?? ''), 0)).toBe(collected);
  expect(charges.find((row) => row[1] === booked.id)?.[4]).toBe(decimalAmount(booked.dueOnConfirmation));

  // No critical or serious accessibility violation, and no sideways scrolling, at desktop and tablet width.
  const report = axeReport(owner);
  await report.scan('desktop Reports');
  await owner.setViewportSize({ width: 768, height: 1024 });
  await expect(moneyTable).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await report.scan('tablet Reports');
  expect(report.found).toEqual([]);
  await owner.context().close();
});

import { expect, type Page, test } from '@playwright/test';
import { axeReport } from '../support/axe';
import { freshStart } from '../support/booking';
import { confirmAtClinic, fillCard, requestAppointment, weekdayWeeksAhead } from '../support/checkout';
import { mailWithSubject } from '../support/console';
import {
  registerWithPassword,
  signInWithPasscode,
  toast,
  uniqueEmail,
  uniquePhone,
} from '../support/identity';
import { graphql, staffSession } from '../support/staff-api';

// Nocturne (marketplace 2) charges on confirmation, so a cancellation refunds what was collected; no
// other journey needs its visits changed by phone, so turning online changes on there is safe.
const nocturne = { id: '2', clinic: 'Nocturne SoHo' };

/** The owner (through the API) lets clients change visits online until 24 hours before. */
async function ownerAllowsOnlineChanges() {
  const owner = await staffSession(nocturne.id, 'owner@nocturne.example');
  try {
    const { staffSettings } = await graphql<{
      staffSettings: { schedulingRules: Record<string, unknown> };
    }>(
      owner,
      'query ($m: ID!) { staffSettings(marketplaceId: $m) { schedulingRules { slotStepMinutes minimumNoticeMinutes bookingHorizonMonths } } }',
      { m: nocturne.id },
    );
    const input = { ...staffSettings.schedulingRules, clientChanges: 'online', clientChangeCutoffHours: 24 };
    const { staffUpdateSchedulingRules } = await graphql<{
      staffUpdateSchedulingRules: { schedulingRules: { clientChanges: string } };
    }>(
      owner,
      'mutation ($m: ID!, $input: StaffSchedulingRulesInput!) { staffUpdateSchedulingRules(marketplaceId: $m, input: $input) { schedulingRules { clientChanges } } }',
      { m: nocturne.id, input },
    );
    expect(staffUpdateSchedulingRules.schedulingRules.clientChanges).toBe('online');
  } finally {
    await owner.dispose();
  }
}

/** The signed-in client books a Chemical Peel ($180.00) at SoHo; returns the request's id. */
async function clientBooksPeel(page: Page): Promise<string> {
  await confirmAtClinic(page, {
    marketplaceId: nocturne.id,
    clinic: nocturne.clinic,
    category: 'Skin',
    service: 'Chemical Peel',
    day: weekdayWeeksAhead(6),
  });
  await fillCard(page);
  const submitted = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('createAppointmentRequest')),
  );
  await requestAppointment(page);
  const { data } = (await (await submitted).json()) as { data: { createAppointmentRequest: { id: string } } };
  await expect(page).toHaveURL(/\/success$/);
  return data.createAppointmentRequest.id;
}

/** The front desk (through the API) confirms it, charging the $180.00. */
async function deskConfirms(id: string) {
  const desk = await staffSession(nocturne.id, 'frontdesk@nocturne.example');
  try {
    const { staffConfirmAppointment } = await graphql<{
      staffConfirmAppointment: { status: string; charged: number };
    }>(
      desk,
      'mutation ($m: ID!, $id: ID!) { staffConfirmAppointment(marketplaceId: $m, id: $id) { status charged } }',
      { m: nocturne.id, id },
    );
    expect(staffConfirmAppointment).toEqual({ status: 'BOOKED', charged: 18000 });
  } finally {
    await desk.dispose();
  }
}

/** Scans the open dialog at 390 and 1280 px and keeps a screenshot of each. */
async function checkDialogAtWidths(page: Page, axe: ReturnType<typeof axeReport>, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await axe.scan(`${name} at ${width} px`);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
}

test('where the marketplace allows it, a client reschedules and then cancels from /profile, and is mailed each', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await ownerAllowsOnlineChanges();
  const email = uniqueEmail('rhea.reschedules');
  await registerWithPassword(request, {
    email,
    password: `Velvet-Harbor-Lantern-${Math.floor(Math.random() * 90) + 10}`,
    marketplaceId: nocturne.id,
    profile: { givenName: 'Rhea', familyName: 'Moves', phone: uniquePhone(), dob: '1991-05-02' },
  });
  await freshStart(page, `/${nocturne.id}/services`);
  await signInWithPasscode(page, request, email);
  const id = await clientBooksPeel(page);
  await deskConfirms(id);

  await page.goto(`/${nocturne.id}/profile`);
  await page.getByRole('tab', { name: 'Appointments' }).click();
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  const visit = upcoming.getByRole('listitem').filter({ hasText: 'Chemical Peel' });
  await expect(visit.getByText(/^You can reschedule or cancel online until /)).toBeVisible();
  await expect(visit.getByRole('link', { name: 'Call to Update' })).toHaveCount(0);
  const before = await visit.getByRole('heading', { level: 3 }).textContent();
  const axe = axeReport(page);

  // Reschedule: the visit's own date, its free times, the last of them.
  await visit.getByRole('button', { name: 'Reschedule' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
  const times = reschedule.getByRole('radiogroup', { name: /^Free times/ });
  await expect(times.getByRole('radio').first()).toBeAttached();
  await checkDialogAtWidths(page, axe, 'reschedule-dialog');
  const last = times.getByRole('radio').last();
  const label = (await last.evaluate((radio) => radio.closest('label')?.textContent ?? '')).trim();
  await reschedule.getByText(label, { exact: true }).click();
  await reschedule.getByRole('button', { name: `Move to ${label}` }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`Your appointment was moved to .* at ${label}\\.`) }),
  ).toBeVisible();
  await expect(visit).toContainText(label);
  expect(await visit.getByRole('heading', { level: 3 }).textContent()).toBe(before);
  const moved = await mailWithSubject(request, email, 'Nocturne Aesthetics: your appointment was moved');
  expect(moved).toContain('You moved your appointment.');

  // Cancel: the confirmation states the refund before anything happens.
  await visit.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('alertdialog', { name: 'Cancel appointment' });
  await expect(cancel.getByText('We will refund $180.00 to your card.')).toBeVisible();
  await checkDialogAtWidths(page, axe, 'cancel-dialog');
  await cancel.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(
    toast(page, 'Your appointment was cancelled. We refunded $180.00 to your card.'),
  ).toBeVisible();
  await expect(visit).toHaveCount(0);
  const cancelled = await mailWithSubject(
    request,
    email,
    'Nocturne Aesthetics: your appointment was cancelled',
  );
  expect(cancelled).toContain('We refunded $180.00 to your card.');
  expect(axe.found).toEqual([]);
});

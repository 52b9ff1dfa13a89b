import { expect, type Page, type Route, test } from '@playwright/test';
import { confirmAtGlowClinic, projectWeeks, weekdayWeeksAhead } from '../support/checkout';
import { dialog } from '../support/identity';
import { ports } from '../support/ports';
import { pickDay, timesRegion } from '../support/schedule';

/** Fails one GraphQL operation (by its name) with a fault's raw text until `healed` is called. */
async function failOperation(page: Page, operationName: string) {
  let failing = true;
  const handler = async (route: Route) => {
    const request = route.request();
    const named =
      request.url().includes(`operationName=${operationName}`) ||
      request.postData()?.includes(`"operationName":"${operationName}"`);
    if (!failing || !named) return route.fallback();
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: '{"errors":[{"message":"boom"}]}',
    });
  };
  await page.route('**/graphql*', handler);
  return { heal: () => (failing = false) };
}

test('a failed checkout summary says so in place, never the raw text, and Try again recovers it', async ({
  page,
}) => {
  await confirmAtGlowClinic(page, 2 + projectWeeks());
  await expect(page.getByTestId('checkout-total')).toHaveText('$35.00');
  const outage = await failOperation(page, 'CheckoutSummary');
  // Choosing a tip asks for the summary again, which now fails.
  await page.getByRole('button', { name: /^15% tip/ }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to calculate checkout summary' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Request Appointment' })).toBeDisabled();
  outage.heal();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('checkout-total')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request Appointment' })).toBeEnabled();
});

test('failed availability says so in place, never the raw text, and Try again shows the times', async ({
  page,
}) => {
  await confirmAtGlowClinic(page, 3 + projectWeeks());
  await page.goto('/1/schedule');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Date & Time' })).toBeVisible();
  const outage = await failOperation(page, 'Availability');
  await pickDay(page, weekdayWeeksAhead(5 + projectWeeks()));
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'There was an issue with retrieving the availability' });
  await expect(alert).toBeVisible();
  await expect(page.getByText('boom')).toHaveCount(0);
  outage.heal();
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(timesRegion(page).getByRole('button').first()).toBeVisible();
});

test('sign-in with the account remote down says so in a dialog like the others, and Try again opens sign-in once the remote loads', async ({
  page,
  isMobile,
}) => {
  await page.goto('/1/set-location');
  await expect(page.getByRole('heading', { level: 1, name: 'Choose Location' })).toBeVisible();
  // The account remote's deployment, unreachable from this browser until it is back.
  let down = true;
  await page.route(`http://localhost:${ports.account}/**`, (route) =>
    down ? route.abort('connectionrefused') : route.fallback(),
  );
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  const notice = page.getByRole('alertdialog', { name: 'Sign-in unavailable' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Sign-in could not be loaded. Check your connection and try again.');

  // Where it sits: a bottom drawer across a phone, as the other dialogs there; centred on a desktop.
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  const placement = async () => {
    const box = await notice.boundingBox();
    if (!box) return 'hidden';
    const bottom = Math.abs(box.y + box.height - height) <= 1;
    const fullWidth = box.x <= 1 && Math.abs(box.width - width) <= 1;
    if (bottom && fullWidth) return 'bottom drawer';
    const centred = Math.abs(box.x + box.width / 2 - width / 2) <= 1 && box.y > 0 && !bottom;
    return centred
      ? 'centred'
      : `at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
  };
  await expect.poll(placement).toBe(isMobile ? 'bottom drawer' : 'centred');

  // Still down: Try again tries, and the notice stays, ready for another try.
  const tryAgain = notice.getByRole('button', { name: 'Try again' });
  await tryAgain.click();
  await expect(tryAgain).toBeEnabled();
  await expect(notice).toBeVisible();
  await expect(dialog(page, 'Sign in')).toHaveCount(0);

  // Back: Try again opens sign-in.
  down = false;
  await tryAgain.click();
  await expect(dialog(page, 'Sign in')).toBeVisible();
  await expect(notice).toHaveCount(0);
});

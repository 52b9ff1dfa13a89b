import { expect, type Page, type Route, test } from '@playwright/test';
import { confirmAtGlowClinic, projectWeeks, weekdayWeeksAhead } from '../support/checkout';
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

// The console's journeys: a guest's request to act on, finding it in the inbox, the client's mail.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { freshStart } from './booking';
import {
  agreeToPolicy,
  answerGlowQuestions,
  cards,
  confirmAtGlowClinic,
  expectBookingReceived,
  fillCard,
  fillGuestDetails,
  requestAppointment,
} from './checkout';
import { mailbox } from './identity';

/** A guest books the B12 shot at Glow's Manhattan clinic; returns the appointment's id and day. */
export async function guestBooks(
  page: Page,
  email: string,
  weeksAhead: number,
  card: string = cards.succeeds,
): Promise<{ id: string; day: string }> {
  await freshStart(page, '/1/set-location');
  await confirmAtGlowClinic(page, weeksAhead);
  await fillGuestDetails(page, email);
  await answerGlowQuestions(page);
  await fillCard(page, card);
  await agreeToPolicy(page);
  const submitted = page.waitForResponse((response) =>
    Boolean(response.request().postData()?.includes('createAppointmentRequest')),
  );
  await requestAppointment(page);
  const response = await submitted;
  await expectBookingReceived(page);
  const { data } = (await response.json()) as { data: { createAppointmentRequest: { id: string } } };
  const sent = response.request().postDataJSON() as {
    variables: { input: { dateRanges: { start: string }[] } };
  };
  const [day = ''] = sent.variables.input.dateRanges[0]?.start.split('T') ?? [];
  return { id: data.createAppointmentRequest.id, day };
}

/**
 * The inbox narrowed to one day (its Date filter), as a desk finds a request among many: the inbox
 * holds 20 requests a page, and every spec's requests are pending at once.
 */
export async function showRequestsOn(page: Page, day: string) {
  await page.getByLabel('Date', { exact: true }).fill(day);
  await expect(page).toHaveURL(new RegExp(`date=${day}`));
}

/** The request of the client with this email in the console's list. */
export const requestOf = (page: Page, email: string) => page.getByRole('article').filter({ hasText: email });

/** Waits until a mail to `to` with this subject is in the dev mailbox, and returns its text. */
export async function mailWithSubject(request: APIRequestContext, to: string, subject: string) {
  let text: string | undefined;
  await expect
    .poll(
      async () => {
        text = (await mailbox(request, to)).find((message) => message.subject === subject)?.text;
        return text !== undefined;
      },
      { message: `a mail '${subject}' to ${to}` },
    )
    .toBe(true);
  return text ?? '';
}

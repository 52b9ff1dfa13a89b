import type { App } from '../app';
import { registerAndSignIn, TestBrowser } from './identity';

export const accountOperations = {
  updateProfile: /* GraphQL */ `
    mutation UpdateProfile($mgId: ID!, $userId: ID, $input: UpdateProfileInput!) {
      updateProfile(mgId: $mgId, userId: $userId, input: $input) {
        id updatedAt phoneConfirmed
        profile { email givenName familyName dob phone address sexAssignedAtBirth tzid }
      }
    }`,
  profileAppointments: /* GraphQL */ `
    query ProfileAppointments($marketplaceId: ID!) {
      profileAppointments(marketplaceId: $marketplaceId) {
        id start end duration timeZone location organizationId organizationPhone startedAt completedAt
        procedures { id name categoryId }
        practitioner { id name }
        status
      }
    }`,
  wallet: /* GraphQL */ `
    query Wallet($mgId: ID!) {
      viewer(mgId: $mgId) {
        primaryInstrumentId
        paymentInstruments { id brand lastFour isPrimary }
      }
    }`,
  createPaymentInstrument: /* GraphQL */ `
    mutation CreatePaymentInstrument($input: CreatePaymentInstrumentInput!) {
      createPaymentInstrument(input: $input) { id brand lastFour expirationMonth expirationYear isPrimary }
    }`,
  deletePaymentInstrument: /* GraphQL */ `
    mutation DeletePaymentInstrument($id: ID!) { deletePaymentInstrument(id: $id) }`,
  updatePrimaryPaymentInstrument: /* GraphQL */ `
    mutation UpdatePrimaryPaymentInstrument($paymentInstrumentId: ID!) {
      updatePrimaryPaymentInstrument(paymentInstrumentId: $paymentInstrumentId) { id isPrimary }
    }`,
};

/** A new browser with a newly registered (password) client of the marketplace's group, signed in. */
export async function signedInClient(
  app: App,
  marketplaceId: string,
  email: string,
  profile: Record<string, unknown> = {},
): Promise<{ browser: TestBrowser; userId: string }> {
  const browser = new TestBrowser(app);
  const userId = await registerAndSignIn(browser, email, { marketplaceId, profile });
  return { browser, userId };
}

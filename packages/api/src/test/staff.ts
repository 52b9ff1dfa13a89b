import type { StaffRole } from '@atrium/domain';
import type { App } from '../app';
import type { StaffRequestView } from '../staff';
import type { CheckoutTestContext } from './checkout';
import { signInWithPasscode, TestBrowser } from './identity';

const result = 'id status charged failureReason';

export const staffOperations = {
  viewer: /* GraphQL */ `
    query StaffViewer($marketplaceId: ID!) {
      staffViewer(marketplaceId: $marketplaceId) {
        role name email marketplace { id name } practitioner { id name }
      }
    }`,
  requests: /* GraphQL */ `
    query StaffRequests($marketplaceId: ID!, $filter: StaffRequestFilter) {
      staffRequests(marketplaceId: $marketplaceId, filter: $filter) {
        id status start end timeZone requestedAt
        client { id givenName familyName email phone }
        procedures { id name isAddOn price }
        practitioner { id name }
        clinic { id name }
        address notes
        checkoutNotes { label value }
        dueOnConfirmation tip total cancellationReason
      }
    }`,
  confirm: /* GraphQL */ `
    mutation StaffConfirm($marketplaceId: ID!, $id: ID!) {
      staffConfirmAppointment(marketplaceId: $marketplaceId, id: $id) { ${result} }
    }`,
  decline: /* GraphQL */ `
    mutation StaffDecline($marketplaceId: ID!, $id: ID!, $reason: String!) {
      staffDeclineAppointment(marketplaceId: $marketplaceId, id: $id, reason: $reason) { ${result} }
    }`,
  complete: /* GraphQL */ `
    mutation StaffComplete($marketplaceId: ID!, $id: ID!) {
      staffCompleteAppointment(marketplaceId: $marketplaceId, id: $id) { ${result} }
    }`,
  cancel: /* GraphQL */ `
    mutation StaffCancel($marketplaceId: ID!, $id: ID!, $reason: String) {
      staffCancelAppointment(marketplaceId: $marketplaceId, id: $id, reason: $reason) { ${result} }
    }`,
  cancelWithRefund: /* GraphQL */ `
    mutation StaffCancelRefund($marketplaceId: ID!, $id: ID!, $reason: String, $refund: StaffRefundInput) {
      staffCancelAppointment(marketplaceId: $marketplaceId, id: $id, reason: $reason, refund: $refund) { ${result} }
    }`,
  refund: /* GraphQL */ `
    mutation StaffRefund($marketplaceId: ID!, $paymentId: ID!, $refund: StaffRefundInput!, $reason: String) {
      staffRefundPayment(marketplaceId: $marketplaceId, paymentId: $paymentId, refund: $refund, reason: $reason) {
        paymentId refunded left
      }
    }`,
  noShow: /* GraphQL */ `
    mutation StaffNoShow($marketplaceId: ID!, $id: ID!) {
      staffMarkNoShow(marketplaceId: $marketplaceId, id: $id) { ${result} }
    }`,
  payments: /* GraphQL */ `
    query StaffRequestPayments($marketplaceId: ID!, $filter: StaffRequestFilter) {
      staffRequests(marketplaceId: $marketplaceId, filter: $filter) {
        id status
        payments {
          id purpose status amount failureReason attemptedAt attemptedBy refunded refundable
          refunds { id amount status reason failureReason refundedBy at }
        }
      }
    }`,
  waitlist: /* GraphQL */ `
    query StaffWaitlist($marketplaceId: ID!, $filter: StaffWaitlistFilter) {
      staffWaitlist(marketplaceId: $marketplaceId, filter: $filter) {
        id requestedAt client { id email } procedures { id name isAddOn price }
        clinic { id name } address timeZone
        windows { start end localStart localEnd }
        notes total matchesFreedTime lastOfferedAt
      }
    }`,
  freedTimes: /* GraphQL */ `
    query StaffFreedTimes($marketplaceId: ID!) {
      staffFreedTimes(marketplaceId: $marketplaceId) {
        appointmentId start end timeZone practitioner { id name } clinic { id name }
        cancellationReason matchingRequests
      }
    }`,
  offer: /* GraphQL */ `
    mutation StaffOffer($marketplaceId: ID!, $waitlistRequestId: ID!, $freedAppointmentId: ID!) {
      staffOfferWaitlistSlot(marketplaceId: $marketplaceId, waitlistRequestId: $waitlistRequestId,
                             freedAppointmentId: $freedAppointmentId) {
        id waitlistRequestId start end expiresAt practitioner { id name }
      }
    }`,
  clients: /* GraphQL */ `
    query StaffClients($marketplaceId: ID!, $search: String) {
      staffClients(marketplaceId: $marketplaceId, search: $search) { id givenName familyName email phone }
    }`,
  client: /* GraphQL */ `
    query StaffClient($marketplaceId: ID!, $id: ID!) {
      staffClient(marketplaceId: $marketplaceId, id: $id) {
        client { id givenName familyName email phone }
        appointments { id status start end timeZone procedures { id name } practitioner { id name } clinic { id name } total }
        waitlist { id status requestedAt timeZone procedures { id name } windows { start end localStart localEnd } }
        memberships { id name status renewalDate price period }
        packages { id name balance totalPoints expiresAt }
      }
    }`,
};

/** The client's side of a waitlist offer link. */
export const waitlistOfferOperations = {
  view: /* GraphQL */ `
    query WaitlistOffer($token: String!) {
      waitlistOffer(token: $token) {
        status marketplaceName procedures { id name isAddOn } clinicName address timeZone start end
        practitionerName total dueOnConfirmation expiresAt appointmentId
      }
    }`,
  accept: /* GraphQL */ `
    mutation AcceptWaitlistOffer($token: String!) {
      acceptWaitlistOffer(token: $token) { status start end appointmentId }
    }`,
};

const versions =
  'remote default { version entry releasedAt } override { version entry releasedAt since } canRollBack rollbackTo { version entry releasedAt } releases { version entry releasedAt }';

/** The tenant-versions operations (owner only). */
export const staffVersionsOperations = {
  versions: /* GraphQL */ `
    query StaffRemoteVersions($marketplaceId: ID!) {
      staffRemoteVersions(marketplaceId: $marketplaceId) { ${versions} }
    }`,
  setOverride: /* GraphQL */ `
    mutation StaffSetRemoteOverride($marketplaceId: ID!, $remote: RemoteName!, $version: String!) {
      staffSetRemoteOverride(marketplaceId: $marketplaceId, remote: $remote, version: $version) { ${versions} }
    }`,
  rollbackOverride: /* GraphQL */ `
    mutation StaffRollbackRemoteOverride($marketplaceId: ID!, $remote: RemoteName!) {
      staffRollbackRemoteOverride(marketplaceId: $marketplaceId, remote: $remote) { ${versions} }
    }`,
  clearOverride: /* GraphQL */ `
    mutation StaffClearRemoteOverride($marketplaceId: ID!, $remote: RemoteName!) {
      staffClearRemoteOverride(marketplaceId: $marketplaceId, remote: $remote) { ${versions} }
    }`,
  startPreview: /* GraphQL */ `
    mutation StaffStartRemotePreview($marketplaceId: ID!, $remote: RemoteName!, $version: String!) {
      staffStartRemotePreview(marketplaceId: $marketplaceId, remote: $remote, version: $version) {
        token remote version entry expiresAt
      }
    }`,
  endPreview: /* GraphQL */ `
    mutation StaffEndRemotePreview($marketplaceId: ID!, $token: String!) {
      staffEndRemotePreview(marketplaceId: $marketplaceId, token: $token)
    }`,
  preview: /* GraphQL */ `
    query RemotePreview($marketplaceId: ID!, $token: String!) {
      remotePreview(marketplaceId: $marketplaceId, token: $token) { remote version entry expiresAt }
    }`,
};

/** A staff request as the API answers it (what `staffRequests` lists). */
export type StaffRequestResult = StaffRequestView;

/**
 * Makes a user of the marketplace's group a staff member with a role (directly in the database, as
 * the seed does) and returns a browser signed in as them by passcode.
 */
export async function signedInStaff(
  context: CheckoutTestContext,
  staff: { marketplaceId: number; email: string; role: StaffRole; practitionerId?: number },
): Promise<TestBrowser> {
  const [user] = await context.sql<{ id: number; mg_id: number }>(
    `insert into users (mg_id, email, given_name, family_name, email_confirmed_at)
       select mg_id, $2, 'Staff', $3, now() from marketplaces where id = $1
     returning id, mg_id`,
    [staff.marketplaceId, staff.email, staff.role],
  );
  if (!user) throw new Error(`Marketplace ${staff.marketplaceId} does not exist`);
  await context.sql(
    `insert into staff_members (marketplace_id, mg_id, user_id, role, practitioner_id)
       values ($1, $2, $3, $4, $5)`,
    [staff.marketplaceId, user.mg_id, user.id, staff.role, staff.practitionerId ?? null],
  );
  return signedIn(context.app, staff.email, String(staff.marketplaceId));
}

async function signedIn(app: App, email: string, marketplaceId: string): Promise<TestBrowser> {
  const browser = new TestBrowser(app);
  await signInWithPasscode(app, browser, email, marketplaceId);
  return browser;
}

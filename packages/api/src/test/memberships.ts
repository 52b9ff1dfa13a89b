import { randomUUID } from 'node:crypto';
import type { PaymentsProcessor } from '../payments';
import { accountOperations, signedInClient } from './account';
import { type CheckoutTestContext, newCard, type TestBrowser } from './checkout';

/**
 * Memberships and packages of checkout test marketplace 80 (category 80 holds Drip 8001 and Shot
 * 8002): Test Club monthly $99.00 with 15% off and its own package Member Drip (2 points, not sold on
 * its own), Test Club Quarterly $250.00, Test Club Yearly $999.00 with 20% off; packages Shot Pair
 * $80.00 (two items of 1 point) and Drip Trio $300.00 (3 points).
 */
export const membershipFixture = `
  insert into packages (id, marketplace_id, name, description, list, price_cents) values
    (8001, 80, 'Member Drip', null, null, 0),
    (8002, 80, 'Drip Trio', 'Three drips', E'Three drips\\nNever expires', 30000),
    (8003, 80, 'Shot Pair', null, null, 8000);
  insert into package_item_definitions (id, package_id, points, procedure_group_ids) values
    (80011, 8001, 2, '{80}'), (80021, 8002, 3, '{80}'), (80031, 8003, 1, '{80}'), (80032, 8003, 1, '{80}');
  insert into membership_definitions (id, marketplace_id, name, price_cents, period, package_id, description, list) values
    (8001, 80, 'Test Club', 9900, 'monthly', 8001, 'Monthly perks', E'15% off\\nTwo drips a month'),
    (8002, 80, 'Test Club Yearly', 99900, 'yearly', null, null, null),
    (8003, 80, 'Test Club Quarterly', 25000, 'quarterly', null, null, null);
  insert into membership_discounts (id, membership_definition_id, percentage, procedure_group_ids) values
    (80011, 8001, 15, '{80}'), (80021, 8002, 20, '{80}');
`;

export const membershipOperations = {
  catalog: /* GraphQL */ `
    query Catalog($id: ID!) {
      marketplace(id: $id) {
        membershipDefinitions {
          id marketplaceId name price period packageId description list
          package { id name price packageItemDefinitions { id packageId points procedureGroups } }
          discounts { id membershipDefinitionId percentage procedureGroups }
        }
        packages { id name description list price packageItemDefinitions { id packageId points procedureGroups } }
      }
    }`,
  mine: /* GraphQL */ `
    query Mine($mgId: ID!, $marketplaceId: ID!) {
      viewer(mgId: $mgId) {
        memberships(marketplaceId: $marketplaceId) {
          id membershipDefinitionId renewalDate status membershipDefinition { id name }
        }
        packageItems(marketplaceId: $marketplaceId) {
          id packageItemDefinitionId membershipId totalPoints balance packageName expiresAt
        }
        membershipBalance(marketplaceId: $marketplaceId) { balance totalPoints }
        packageBalance(marketplaceId: $marketplaceId) { balance totalPoints }
      }
    }`,
  purchasePackage: /* GraphQL */ `
    mutation PurchasePackage($input: PurchasePackageInput!) {
      purchasePackage(input: $input) {
        id packageItemDefinitionId membershipId totalPoints balance packageName expiresAt
      }
    }`,
  createMembership: /* GraphQL */ `
    mutation CreateMembership(
      $marketplaceId: ID!
      $paymentInstrumentId: ID!
      $membershipDefinitionId: ID!
      $idempotencyKey: String!
    ) {
      createMembership(
        marketplaceId: $marketplaceId
        paymentInstrumentId: $paymentInstrumentId
        membershipDefinitionId: $membershipDefinitionId
        idempotencyKey: $idempotencyKey
      ) { id membershipDefinitionId renewalDate status membershipDefinition { id name price period } }
    }`,
  cancelMembership: /* GraphQL */ `
    mutation CancelMembership($id: ID!) { cancelMembership(id: $id) { id renewalDate status } }`,
  reactivateMembership: /* GraphQL */ `
    mutation ReactivateMembership($id: ID!, $idempotencyKey: String!) {
      reactivateMembership(id: $id, idempotencyKey: $idempotencyKey) { id renewalDate status }
    }`,
  creditDiscount: /* GraphQL */ `
    query CreditDiscount($input: MembershipCreditDiscountInput!) {
      getMembershipCreditDiscount(input: $input) { membership credit }
    }`,
};

export interface MembershipResult {
  id: string;
  membershipDefinitionId: string;
  renewalDate: string;
  status: 'Active' | 'Cancelled';
}

let clients = 0;

/** A newly registered, signed-in client of group 80, with a saved card of this number (null: none). */
export async function memberClient(
  context: CheckoutTestContext,
  cardNumber: string | null = '4242424242424242',
): Promise<{ browser: TestBrowser; userId: string; cardId: string | null }> {
  const { browser, userId } = await signedInClient(context.app, '80', `member${++clients}@example.com`);
  const cardId = cardNumber === null ? null : await addCard(browser, cardNumber);
  return { browser, userId, cardId };
}

/** Saves a card to the client's wallet; the first one becomes primary. */
export async function addCard(browser: TestBrowser, number: string): Promise<string> {
  const { createPaymentInstrument } = await browser.data<{ createPaymentInstrument: { id: string } }>(
    accountOperations.createPaymentInstrument,
    { input: { save: true, ...(await newCard(browser, number)) } },
  );
  return createPaymentInstrument.id;
}

/** Subscribes the client to a membership definition of marketplace 80. */
export async function subscribe(
  browser: TestBrowser,
  cardId: string,
  membershipDefinitionId = '8001',
): Promise<MembershipResult> {
  const { createMembership } = await browser.data<{ createMembership: MembershipResult }>(
    membershipOperations.createMembership,
    {
      marketplaceId: '80',
      paymentInstrumentId: cardId,
      membershipDefinitionId,
      idempotencyKey: randomUUID(),
    },
  );
  return createMembership;
}

/** The processor of a process that dies right after the charge: the charge is made, nothing after it runs. */
export function dyingAfterCharge(real: PaymentsProcessor) {
  let charged: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    charged = resolve;
  });
  const processor: PaymentsProcessor = {
    ...real,
    async charge(input) {
      await real.charge(input);
      charged();
      return new Promise(() => undefined);
    },
  };
  return { processor, charged: done };
}

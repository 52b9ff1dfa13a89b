import { type APIRequestContext, expect, request as requests } from '@playwright/test';
import { codeIn, mailbox, nextMessage } from './identity';
import { hostUrl } from './ports';

/** One GraphQL call on the web origin, as the app makes it; fails the test on any error. */
export async function graphql<Data>(
  request: APIRequestContext,
  query: string,
  variables: Record<string, unknown>,
): Promise<Data> {
  const response = await request.post(`${hostUrl}/graphql`, {
    headers: { origin: hostUrl, 'content-type': 'application/json' },
    data: { query, variables },
  });
  const body = (await response.json()) as { data?: Data; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as Data;
}

/**
 * A cookie jar signed in as a member of a marketplace's staff (the seeded owner or front desk) by
 * emailed passcode, as the console's sign-in does; dispose it at the end.
 */
export async function staffSession(marketplaceId: string, email: string): Promise<APIRequestContext> {
  const staff = await requests.newContext();
  const seen = (await mailbox(staff, email)).length;
  const { requestPasscode } = await graphql<{ requestPasscode: { token: string } }>(
    staff,
    'mutation ($marketplaceId: ID!, $email: String!) { requestPasscode(marketplaceId: $marketplaceId, email: $email) { token } }',
    { marketplaceId, email },
  );
  const code = codeIn(await nextMessage(staff, email, seen));
  await graphql(
    staff,
    'mutation ($token: String!, $code: String!, $marketplaceId: ID!) { passcodeAuthenticate(token: $token, code: $code, marketplaceId: $marketplaceId) { __typename } }',
    { token: requestPasscode.token, code, marketplaceId },
  );
  return staff;
}

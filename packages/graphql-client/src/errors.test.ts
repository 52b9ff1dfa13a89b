import { describe, expect, it } from 'vitest';
import { ERROR_ACTIONS, errorCode, errorMessage, fallbackMessage, serverMessage } from './errors';
import { GraphQLResponseError, HttpError, RequestTimeoutError } from './request-errors';

const serverError = new GraphQLResponseError(
  [
    { message: 'Passcode is invalid or expired', extensions: { code: 'BAD_USER_INPUT' } },
    { message: 'second', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
  ],
  null,
  200,
);

describe('errorMessage', () => {
  it("shows the server's first GraphQL error message when present", () => {
    expect(errorMessage(serverError, 'authenticatePasscode')).toBe('Passcode is invalid or expired');
  });

  it('shows the first message of any error carrying a GraphQL errors list', () => {
    expect(
      errorMessage(
        { errors: [{ message: 'Not signed in', extensions: { code: 'UNAUTHENTICATED' } }] },
        'user',
      ),
    ).toBe('Not signed in');
  });

  it("never shows a message the API did not write for the client: no code, or a fault's or developer's code", () => {
    for (const entry of [
      { message: 'boom' },
      { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      {
        message: 'Cannot query field "x" on type "Query".',
        extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
      },
    ]) {
      expect(errorMessage({ errors: [entry] }, 'checkoutSummary')).toBe(
        'There was an issue with retrieving the checkout summary',
      );
      expect(serverMessage({ errors: [entry] })).toBeNull();
    }
  });

  it('passes a timeout message through', () => {
    expect(errorMessage(new RequestTimeoutError(15000), 'marketplace')).toBe(
      'Request timed out after 15000 ms',
    );
  });

  it('falls back to "There was an issue with retrieving the marketplace data" for a network failure', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'marketplace')).toBe(
      'There was an issue with retrieving the marketplace data',
    );
  });

  it('falls back for an HTTP failure without GraphQL errors', () => {
    expect(errorMessage(new HttpError(502), 'createAppointment')).toBe(
      'There was an issue with creating the appointment',
    );
  });

  it('falls back when the server message is empty', () => {
    const blank = new GraphQLResponseError([{ message: ' ' }], null, 200);
    expect(errorMessage(blank, 'logout')).toBe('There was an issue with logging out');
  });

  it("falls back to 'An error occurred, please try later' without an action", () => {
    expect(errorMessage(new Error('boom'))).toBe('An error occurred, please try later');
  });
});

describe('fallbackMessage: every phrase of the failure messages', () => {
  it('spells each action as the spec does', () => {
    expect(
      Object.keys(ERROR_ACTIONS).map((action) => fallbackMessage(action as keyof typeof ERROR_ACTIONS)),
    ).toEqual([
      'There was an issue with retrieving the marketplace data',
      'There was an issue with retrieving the user information',
      'There was an issue with retrieving the checkout summary',
      'There was an issue with retrieving the availability',
      'There was an issue with retrieving the appointment information',
      'There was an issue with retrieving the email authentication',
      'There was an issue with requesting the passcode',
      'There was an issue with authenticating the passcode',
      'There was an issue with retrieving the authentication options',
      'There was an issue with retrieving the email signup',
      'There was an issue with third party register',
      'There was an issue with Google authentication',
      'There was an issue with Apple authentication',
      'There was an issue with updating the profile',
      'There was an issue with requesting the email confirmation',
      'There was an issue with confirming the email',
      'There was an issue with requesting the phone confirmation',
      'There was an issue with confirming the phone',
      'There was an issue with requesting the reset password',
      'There was an issue with resetting the password',
      'There was an issue with logging out',
      'There was an issue with adding the payment instrument',
      'There was an issue with deleting the payment instrument',
      'There was an issue with updating the payment instrument',
      'There was an issue with purchasing the package',
      'There was an issue with purchasing the membership',
      'There was an issue with cancelling the membership',
      'There was an issue with renewing the membership',
      'There was an issue with creating the appointment',
      'There was an issue with creating the Apple session',
      'There was an issue with creating the Apple Pay instrument',
    ]);
  });
});

describe('errorCode', () => {
  it('returns the first extensions.code', () => {
    expect(errorCode(serverError)).toBe('BAD_USER_INPUT');
  });

  it('returns UNAUTHENTICATED so the caller can set the user-auth-error flag', () => {
    const unauthenticated = new GraphQLResponseError(
      [{ message: 'Sign in first', extensions: { code: 'UNAUTHENTICATED' } }],
      null,
      200,
    );
    expect(errorCode(unauthenticated)).toBe('UNAUTHENTICATED');
  });

  it('skips entries without a code', () => {
    const mixed = new GraphQLResponseError(
      [{ message: 'a' }, { message: 'b', extensions: { code: 'NOT_FOUND' } }],
      null,
      200,
    );
    expect(errorCode(mixed)).toBe('NOT_FOUND');
  });

  it('is undefined for errors that are not GraphQL errors', () => {
    expect([errorCode(new RequestTimeoutError(10)), errorCode(undefined)]).toEqual([undefined, undefined]);
  });
});

describe('serverMessage', () => {
  it("gives the server's first message, or null so a call can use its own fallback", () => {
    expect(
      serverMessage(
        new GraphQLResponseError(
          [{ message: 'Invalid promo code', extensions: { code: 'BAD_USER_INPUT' } }],
          null,
          200,
        ),
      ),
    ).toBe('Invalid promo code');
    expect(serverMessage(new Error('network down'))).toBeNull();
  });
});

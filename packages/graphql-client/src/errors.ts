import { type GraphQLErrorEntry, GraphQLResponseError, RequestTimeoutError } from './request-errors';

/**
 * What each call was doing, as it reads after "There was an issue with". One key per phrase
 * of the spec's list; the spec's grouped phrases ("adding, deleting, updating the payment
 * instrument", "purchasing the package or membership", "cancelling or renewing the membership") are
 * spelled out one action each.
 */
export const ERROR_ACTIONS = {
  marketplace: 'retrieving the marketplace data',
  user: 'retrieving the user information',
  checkoutSummary: 'retrieving the checkout summary',
  availability: 'retrieving the availability',
  appointments: 'retrieving the appointment information',
  emailAuthentication: 'retrieving the email authentication',
  requestPasscode: 'requesting the passcode',
  authenticatePasscode: 'authenticating the passcode',
  authOptions: 'retrieving the authentication options',
  emailSignup: 'retrieving the email signup',
  thirdPartyRegister: 'third party register',
  googleAuthentication: 'Google authentication',
  appleAuthentication: 'Apple authentication',
  updateProfile: 'updating the profile',
  requestEmailConfirmation: 'requesting the email confirmation',
  confirmEmail: 'confirming the email',
  requestPhoneConfirmation: 'requesting the phone confirmation',
  confirmPhone: 'confirming the phone',
  requestResetPassword: 'requesting the reset password',
  resetPassword: 'resetting the password',
  logout: 'logging out',
  addPaymentInstrument: 'adding the payment instrument',
  deletePaymentInstrument: 'deleting the payment instrument',
  updatePaymentInstrument: 'updating the payment instrument',
  purchasePackage: 'purchasing the package',
  purchaseMembership: 'purchasing the membership',
  cancelMembership: 'cancelling the membership',
  renewMembership: 'renewing the membership',
  createAppointment: 'creating the appointment',
  createAppleSession: 'creating the Apple session',
  createApplePayInstrument: 'creating the Apple Pay instrument',
} as const;

export type ErrorAction = keyof typeof ERROR_ACTIONS;

/** A failed mutation's toast when there is nothing better to say. */
export const GENERIC_ERROR_MESSAGE = 'An error occurred, please try later';

/** `There was an issue with ${phrase}` for an action. */
export function fallbackMessage(action: ErrorAction): string {
  return `There was an issue with ${ERROR_ACTIONS[action]}`;
}

// instanceof first; the shape check also covers errors built by another copy of this package (a remote
// that, despite sharing, bundled its own).
function graphQLErrorsOf(error: unknown): readonly GraphQLErrorEntry[] {
  if (error instanceof GraphQLResponseError) return error.errors;
  if (typeof error === 'object' && error !== null && 'errors' in error && Array.isArray(error.errors)) {
    return error.errors as GraphQLErrorEntry[];
  }
  return [];
}

/** Codes whose message is written for developers or hides a fault, never for the client. */
const UNSHOWN_CODES = new Set([
  'INTERNAL_SERVER_ERROR',
  'BAD_REQUEST',
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'PERSISTED_QUERY_NOT_FOUND',
]);

/**
 * The server's first GraphQL error message, or null (for calls whose fallback is their own text).
 * Only a message the API wrote for the client is shown, and it gives every such message a code; a
 * message without one (a proxy's, a fault's 'boom') or with a developer's code is not.
 */
export function serverMessage(error: unknown): string | null {
  const [first] = graphQLErrorsOf(error);
  const code = first?.extensions?.code;
  if (typeof code !== 'string' || UNSHOWN_CODES.has(code)) return null;
  const message = first?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/**
 * The message to show for a failed call: the server's first GraphQL error message when
 * there is one; a timeout's own message ("Request timed out after 15000 ms"); otherwise
 * "There was an issue with …" for `action`, or the generic message without an action. Network
 * failures and other exceptions never show their raw text.
 */
export function errorMessage(error: unknown, action?: ErrorAction): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof RequestTimeoutError) return error.message;
  return action === undefined ? GENERIC_ERROR_MESSAGE : fallbackMessage(action);
}

/** The first GraphQL error code (`extensions.code`, e.g. UNAUTHENTICATED), if any. */
export function errorCode(error: unknown): string | undefined {
  for (const entry of graphQLErrorsOf(error)) {
    const code = entry.extensions?.code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The first GraphQL error's extensions (its code and whatever the server gave with it), or {}. */
export function errorExtensions(error: unknown): Record<string, unknown> {
  return graphQLErrorsOf(error)[0]?.extensions ?? {};
}

// The identity context's public entry: what other contexts, the composition root and tests use of it.

export type { AccountEmailJob } from './account-emails';
export { sendAccountEmail } from './account-emails';
export { ForbiddenError } from './account-errors';
export { accountErrors, withAccountErrors } from './account-graphql-errors';
export {
  defaultOidcDevPort,
  oidcDevClients,
  oidcDevIssuer,
  oidcDevWebOrigins,
} from './adapters/oidc-dev-provider/dev-clients';
export { useAppleFormPost } from './apple-form-post';
export type { IdentityConfig } from './config';
export { developmentHostSecret, developmentTokenSecret, loadIdentityConfig } from './config';
export { RateLimitedError, signInRequired, UnauthenticatedError } from './errors';
export { emailInput, timeZone } from './inputs';
export { hashPassword, verifyPassword } from './passwords';
export type { IdentityContext } from './ports';
export { writeProfile } from './profile';
export type { IdentityOptions } from './request-context';
export { createIdentity } from './request-context';
export type { RequestSession } from './sessions';
export { requireSession, revokeAllSessions, sessionAbsoluteMs, sessionIdleMs } from './sessions';
export { passcodes, sessions, sexesAssignedAtBirth, thirdPartySignIns, users, userTokens } from './tables';
export { appleFormPostPath } from './third-party';
export type { Tenant, UserRow } from './users';
export {
  confirmUserEmail,
  confirmUserPhone,
  findUserByEmail,
  findUserById,
  insertUser,
  replacePasswordHash,
  tenantOfMarketplace,
} from './users';

import { hash, verify } from '@node-rs/argon2';
import { InvalidInputError } from '../kernel/errors';
import {
  addressLimits,
  consumeRateLimits,
  ownBrowserLimit,
  type RateLimit,
  refundRateLimits,
  takeRateLimits,
} from '../kernel/rate-limits';
import { queueAccountEmail } from './account-emails';
import { ownBrowserUser, signIn } from './devices';
import { RateLimitedError, UnauthenticatedError } from './errors';
import { weakPasswordReason } from './password-strength';
import type { IdentityContext } from './ports';
import {
  type AuthenticateResult,
  findUserByEmail,
  insertUser,
  type ProfileFields,
  tenantOfMarketplace,
  toAuthenticateResult,
  type UserRow,
} from './users';

export const passwordMessages = {
  incorrect: 'Incorrect email or password.',
  rateLimited: 'Too many sign-in attempts. Please wait a while and try again.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  registrationRateLimited: 'Too many registrations. Please wait a while and try again.',
};

/** After five free failures, each further try waits twice as long as the last: 2 s, 4 s … up to 15 minutes. */
const failureDelay = { freeHits: 5, firstDelayMs: 2_000, maxDelayMs: 15 * 60_000 };

/**
 * The limit of a password tried from one of the owner's own browsers (a sign-in there, or the current
 * password the profile asks for): the owner's own failures only, five free, then growing delays.
 */
export const ownBrowserPasswordLimit = (owner: UserRow): RateLimit =>
  ownBrowserLimit('password', owner, 1_000, failureDelay);

/**
 * Password sign-in limits. Only failures count against an address (a correct password takes its hit
 * back). From one IP address an address gets five free tries, then growing delays instead of a lockout;
 * from anywhere, a ceiling against attackers with many IP addresses, which slows them down once
 * reached. From one of the owner's own browsers (devices.ts) the owner's own failures count instead,
 * so strangers' failures never keep the owner's right password out.
 */
const signInLimits = (
  request: { mgId: number; email: string; clientIp: string },
  owner: UserRow | null,
): RateLimit[] => {
  if (owner) return [ownBrowserPasswordLimit(owner)];
  const [perAddressAndClient, perAddress, perClient] = addressLimits('password', request, {
    perAddressAndClient: 1_000,
    perAddress: 100,
    perClient: 100,
  });
  return [{ ...perAddressAndClient, growingDelay: failureDelay }, perAddress, perClient];
};
/** The scopes of failures a correct password takes back. */
export const failureScopes = ['password:email+ip', 'password:email', 'password:own-browser'];

/** Registrations of one address an hour, from one IP address and from anywhere. */
const registrationsPerAddressAndClient = 3;
const registrationsPerAddress = 10;

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's recommendation). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the user does not exist or has no password, so both take as long as a real check.
let decoyHash: Promise<string> | undefined;

/** Signs in with email and password. A wrong email and a wrong password fail alike. */
export async function authenticateWithPassword(
  context: IdentityContext,
  input: { marketplaceId: number; email: string; password: string },
): Promise<AuthenticateResult> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  const owner = await ownBrowserUser(context, tenant.mgId, input.email);
  const grant = await takeRateLimits(
    db,
    clock(),
    signInLimits({ mgId: tenant.mgId, email: input.email, clientIp: context.clientIp }, owner),
  );
  if (!grant) throw new RateLimitedError(passwordMessages.rateLimited);

  const user = await findUserByEmail(db, tenant.mgId, input.email);
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const matches = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user?.passwordHash || !matches) throw new UnauthenticatedError(passwordMessages.incorrect);
  await refundRateLimits(db, grant, failureScopes);
  await signIn(context, user);
  return toAuthenticateResult(user);
}

/** What registration answers, the same whether or not the address already had an account. */
export interface RegistrationResult {
  email: string;
  emailConfirmed: false;
}

/**
 * Registers an email and password. The answer, and the work before it, are the same whether or not
 * the address has an account, so registration never tells who is a client: a new address gets an
 * unconfirmed account and a confirmation link; a taken one is left as it is and its owner is told by
 * mail (account-emails.ts). Nobody is signed in: the password works once the account exists, and an
 * address proven by its owner in any other way drops it (account pre-hijacking, users.ts).
 */
export async function registerWithPassword(
  context: IdentityContext,
  input: { marketplaceId: number; email: string; password: string; profile: ProfileFields },
): Promise<RegistrationResult> {
  const { db, clock } = context;
  const tenant = await tenantOfMarketplace(db, input.marketplaceId);
  const now = clock();
  const allowed = await consumeRateLimits(
    db,
    now,
    addressLimits(
      'register',
      { mgId: tenant.mgId, email: input.email, clientIp: context.clientIp },
      {
        perAddressAndClient: registrationsPerAddressAndClient,
        perAddress: registrationsPerAddress,
        perClient: context.config.registrationsPerIpPerHour,
      },
    ),
  );
  if (!allowed) throw new RateLimitedError(passwordMessages.registrationRateLimited);
  const weak = weakPasswordReason(input.password, [
    input.email,
    input.profile.givenName ?? '',
    input.profile.familyName ?? '',
    tenant.name,
  ]);
  if (weak) throw new InvalidInputError(weak);

  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // A taken address inserts nothing; either way one statement, then one job.
    const user = await insertUser(tx, {
      mgId: tenant.mgId,
      email: input.email,
      passwordHash,
      now,
      profile: input.profile,
    });
    await queueAccountEmail(tx, {
      kind: 'registration',
      mgId: tenant.mgId,
      marketplaceId: input.marketplaceId,
      email: input.email,
      userId: user?.id ?? null,
      origin: context.linkOrigin,
    });
  });
  return { email: input.email, emailConfirmed: false };
}

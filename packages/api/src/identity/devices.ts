import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { IdentityContext } from './ports';
import type { ActiveSession } from './sessions';
import { findUserById, type UserRow } from './users';

/**
 * A browser a user signed in from keeps a device cookie of the group (`atrium_device_{mgId}`, HttpOnly):
 * a token signed with AUTH_TOKEN_SECRET naming the user, set at every sign-in and kept after logout.
 * Code requests and password sign-ins for the user's address from such a browser count against the
 * user's own limits, which strangers cannot use up: however many requests strangers send for the
 * address, its owner is never locked out (rate-limits.ts).
 */
export const deviceCookiePrefix = 'atrium_device_';
/** How long a browser stays recognised after its last sign-in. */
export const deviceLifetimeMs = 180 * 24 * 60 * 60 * 1000;

const issuer = 'atrium-api';
const audience = 'atrium-device';
const claimsSchema = z.object({
  sub: z.string().regex(/^[1-9]\d{0,9}$/),
  mgId: z.number().int().positive(),
  /** Milliseconds, so a sign-in can be told apart from a proof of the address in the same second. */
  signedInAt: z.number().int(),
});

/** The name of the device cookie of marketplace group `mgId`. */
export function deviceCookieName(mgId: number): string {
  return `${deviceCookiePrefix}${mgId}`;
}

/** Signs the user in: a new session, and this browser recognised as one of theirs. */
export async function signIn(
  context: IdentityContext,
  user: { id: number; mgId: number },
): Promise<ActiveSession> {
  const session = await context.session.start(user);
  const now = context.clock();
  const expires = new Date(now.getTime() + deviceLifetimeMs);
  const token = await new SignJWT({ mgId: user.mgId, signedInAt: now.getTime() })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(String(user.id))
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(signingKey(context));
  await context.deviceCookie(user.mgId).write(token, expires);
  return session;
}

/**
 * The user a request about `email` is from, when it comes from one of their browsers: one holding their
 * valid session, or their device cookie from a sign-in since the address was last proven (a proof ends
 * every credential from before it, users.ts confirmUserEmail). Null for anyone else.
 */
export async function ownBrowserUser(
  context: IdentityContext,
  mgId: number,
  email: string,
): Promise<UserRow | null> {
  const session = await context.session.current(mgId);
  const device = await presentedDevice(context, mgId);
  const candidates = new Set([session?.userId, device?.userId].filter((id) => id !== undefined));
  for (const userId of candidates) {
    const user = await findUserById(context.db, userId);
    if (!user || user.mgId !== mgId || user.email.toLowerCase() !== email.trim().toLowerCase()) continue;
    if (userId === session?.userId) return user;
    const provenAt = user.emailConfirmedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
    if (device && device.signedInAt >= provenAt) return user;
  }
  return null;
}

/** The user and sign-in time a valid device cookie of group mgId vouches for, or null. */
async function presentedDevice(
  context: IdentityContext,
  mgId: number,
): Promise<{ userId: number; signedInAt: number } | null> {
  const token = await context.deviceCookie(mgId).read();
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(context), {
      issuer,
      audience,
      algorithms: ['HS256'],
      currentDate: context.clock(),
    });
    const claims = claimsSchema.safeParse(payload);
    // A cookie renamed to another group's name vouches for nothing.
    if (!claims.success || claims.data.mgId !== mgId) return null;
    return { userId: Number(claims.data.sub), signedInAt: claims.data.signedInAt };
  } catch {
    return null;
  }
}

function signingKey(context: IdentityContext): Uint8Array {
  return new TextEncoder().encode(context.config.registrationTokenSecret);
}

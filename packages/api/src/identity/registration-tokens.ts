import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { ThirdPartyProvider } from './ports';

/** What a registration token vouches for: a third-party sign-in that found no account. */
export interface RegistrationClaims {
  provider: ThirdPartyProvider;
  subject: string;
  mgId: number;
  email: string | null;
  emailVerified: boolean;
  privateEmail: boolean;
  givenName: string | null;
  familyName: string | null;
  phone: string | null;
  birthdate: string | null;
}

const lifetimeSeconds = 15 * 60;
const issuer = 'atrium-api';
const audience = 'atrium-registration';

const claimsSchema = z.object({
  provider: z.enum(['google', 'apple']),
  sub: z.string().min(1),
  mgId: z.number().int().positive(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  privateEmail: z.boolean(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  phone: z.string().nullable(),
  birthdate: z.string().nullable(),
});

/** A short-lived HS256 JWT, signed with the configured secret so any API process can check it. */
export async function signRegistrationToken(
  secret: string,
  claims: RegistrationClaims,
  now: Date,
): Promise<string> {
  const { subject, ...rest } = claims;
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetimeSeconds)
    .sign(new TextEncoder().encode(secret));
}

/** The claims of a valid, unexpired registration token, or null. */
export async function verifyRegistrationToken(
  secret: string,
  token: string,
  now: Date,
): Promise<RegistrationClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      issuer,
      audience,
      algorithms: ['HS256'],
      currentDate: now,
    });
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success) return null;
    const { sub, ...rest } = parsed.data;
    return { ...rest, subject: sub };
  } catch {
    return null;
  }
}

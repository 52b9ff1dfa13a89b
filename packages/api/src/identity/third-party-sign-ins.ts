// The server-side half of a Google or Apple sign-in (RFC 9700 section 4.7, OpenID Connect): the
// random state, nonce and PKCE verifier the API made when the sign-in started, kept until the
// provider's answer comes back, then used once. Table third_party_sign_ins (migration 0010).
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { hasControlCharacters } from '../kernel/http/control-characters';
import { newToken, sha256 } from '../kernel/secrets';
import type { SignInSecrets } from './adapters/openid/openid-client';
import type { ThirdPartyProvider } from './ports';
import { thirdPartySignIns } from './tables';

/** A started sign-in is good for this long (the provider's codes live about as long). */
export const signInLifetimeMs = 10 * 60 * 1000;

/** The HttpOnly cookie that binds a started sign-in to the browser that started it. */
export const signInBindingCookieName = 'atrium_sign_in';

const browserSecretPattern = /^[A-Za-z0-9_-]{43}$/;

/** What the API kept about a started sign-in, as it is used when the provider's answer comes back. */
export interface StartedSignIn {
  mgId: number;
  provider: ThirdPartyProvider;
  secrets: SignInSecrets;
  redirectUri: string;
  returnPath: string;
  /** Apple's first sign-in sends the person's name beside the code. */
  givenName: string | null;
  familyName: string | null;
}

/**
 * The path to go to after signing in, when it is a path of this site: it starts with a single `/`
 * (so `//evil.example` and `/\evil.example`, which browsers read as other sites, are refused) and
 * holds no control character. Anything else is `/`.
 */
export function safeReturnPath(path: string | null | undefined): string {
  if (!path || path.length > 2048) return '/';
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  if (hasControlCharacters(path)) return '/';
  try {
    // The same origin once resolved, as a last guard against what a URL parser reads differently.
    const base = 'https://atrium.invalid';
    if (new URL(path, base).origin !== base) return '/';
  } catch {
    return '/';
  }
  return path;
}

/** The browser's binding secret: the one its cookie already holds, or a fresh one. */
export function browserSecretFor(presented: string | null): string {
  return presented && browserSecretPattern.test(presented) ? presented : newToken();
}

export async function saveStartedSignIn(
  db: Db,
  input: {
    secrets: SignInSecrets;
    browserSecret: string;
    mgId: number;
    provider: ThirdPartyProvider;
    redirectUri: string;
    returnPath: string;
    now: Date;
  },
): Promise<{ expiresAt: Date }> {
  const expiresAt = new Date(input.now.getTime() + signInLifetimeMs);
  await db.insert(thirdPartySignIns).values({
    stateHash: sha256(input.secrets.state),
    browserHash: sha256(input.browserSecret),
    mgId: input.mgId,
    provider: input.provider,
    codeVerifier: input.secrets.codeVerifier,
    nonce: input.secrets.nonce,
    redirectUri: input.redirectUri,
    returnPath: input.returnPath,
    createdAt: input.now,
    expiresAt,
  });
  return { expiresAt };
}

/**
 * Takes a started sign-in for good: the one whose state this is, started by this browser (the
 * cookie's secret), for this provider and marketplace group, and not expired. Deleting it in the same
 * statement that finds it makes it single use, even for two redemptions at once: one of them wins.
 * Null when there is no such sign-in (unknown, tampered, used, expired, another browser's).
 */
export async function consumeStartedSignIn(
  db: Db,
  input: {
    state: string;
    browserSecret: string | null;
    provider: ThirdPartyProvider;
    mgId: number;
    now: Date;
  },
): Promise<StartedSignIn | null> {
  if (!input.browserSecret || !browserSecretPattern.test(input.browserSecret)) return null;
  const [row] = await db
    .delete(thirdPartySignIns)
    .where(
      and(
        eq(thirdPartySignIns.stateHash, sha256(input.state)),
        eq(thirdPartySignIns.browserHash, sha256(input.browserSecret)),
        eq(thirdPartySignIns.provider, input.provider),
        eq(thirdPartySignIns.mgId, input.mgId),
        gt(thirdPartySignIns.expiresAt, input.now),
      ),
    )
    .returning();
  if (!row) return null;
  return {
    mgId: row.mgId,
    provider: row.provider,
    secrets: { state: input.state, nonce: row.nonce, codeVerifier: row.codeVerifier },
    redirectUri: row.redirectUri,
    returnPath: row.returnPath,
    givenName: row.givenName,
    familyName: row.familyName,
  };
}

/**
 * Keeps the name Apple sent with its answer (form_post, first sign-in only) with the started sign-in,
 * for the registration form. Only while the sign-in is pending and has no name yet; the state itself
 * is checked later, by appleAuthenticate, in the browser that started it.
 */
export async function rememberAppleName(
  db: Db,
  input: { state: string; givenName: string | null; familyName: string | null; now: Date },
): Promise<boolean> {
  if (input.givenName === null && input.familyName === null) return false;
  const updated = await db
    .update(thirdPartySignIns)
    .set({ givenName: input.givenName, familyName: input.familyName })
    .where(
      and(
        eq(thirdPartySignIns.stateHash, sha256(input.state)),
        eq(thirdPartySignIns.provider, 'apple'),
        gt(thirdPartySignIns.expiresAt, input.now),
        isNull(thirdPartySignIns.givenName),
        isNull(thirdPartySignIns.familyName),
      ),
    )
    .returning({ stateHash: thirdPartySignIns.stateHash });
  return updated.length > 0;
}

/** A name part from Apple's `user` JSON: trimmed text of at most 100 characters, else null. */
export function namePart(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '' || text.length > 100 || hasControlCharacters(text)) return null;
  return text;
}

import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../adapters/database/database';
import { sessions } from '../../db/schema';
import { signInRequired, UnauthenticatedError } from './errors';
import { newToken, sha256 } from './secrets';

export const sessionCookieName = 'atrium_session';
/** A session unused this long ends. */
export const sessionIdleMs = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy. */
export const sessionAbsoluteMs = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
export const lastSeenResolutionMs = 60 * 1000;

export interface ActiveSession {
  id: number;
  userId: number;
  mgId: number;
}

/** The browser's side of a session: the token in the session cookie. */
export interface SessionCookieJar {
  read(): Promise<string | null>;
  write(token: string, expires: Date): Promise<void>;
  clear(): Promise<void>;
}

/** The session of one HTTP request. */
export interface RequestSession {
  /** The valid session the request's cookie names, or null. Looked up once per request. */
  current(): Promise<ActiveSession | null>;
  /** Signs the user in: revokes the session the cookie named (if any) and sets a new cookie. */
  start(user: { id: number; mgId: number }): Promise<ActiveSession>;
  /** Revokes the cookie's session and clears the cookie. */
  end(): Promise<void>;
}

/** The request's session, or UNAUTHENTICATED ('Please sign in to continue.') without one. */
export async function requireSession(session: RequestSession): Promise<ActiveSession> {
  const current = await session.current();
  if (!current) throw new UnauthenticatedError(signInRequired);
  return current;
}

export function createRequestSession(db: Db, clock: () => Date, jar: SessionCookieJar): RequestSession {
  let current: Promise<ActiveSession | null> | undefined;

  const revokePresented = async (now: Date) => {
    const token = await jar.read();
    if (!token) return;
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
  };

  return {
    current() {
      current ??= (async () => {
        const token = await jar.read();
        return token ? findActiveSession(db, clock(), token) : null;
      })();
      return current;
    },
    async start(user) {
      const now = clock();
      await revokePresented(now);
      const token = newToken();
      const [row] = await db
        .insert(sessions)
        .values({
          tokenHash: sha256(token),
          userId: user.id,
          mgId: user.mgId,
          createdAt: now,
          lastSeenAt: now,
        })
        .returning({ id: sessions.id });
      if (!row) throw new Error('Session was not created');
      await jar.write(token, new Date(now.getTime() + sessionAbsoluteMs));
      const session = { id: row.id, userId: user.id, mgId: user.mgId };
      current = Promise.resolve(session);
      return session;
    },
    async end() {
      await revokePresented(clock());
      await jar.clear();
      current = Promise.resolve(null);
    },
  };
}

/** The session of a token if it is neither revoked, idle too long nor too old; notes it was seen. */
export async function findActiveSession(db: Db, now: Date, token: string): Promise<ActiveSession | null> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.createdAt, new Date(now.getTime() - sessionAbsoluteMs)),
        gt(sessions.lastSeenAt, new Date(now.getTime() - sessionIdleMs)),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= lastSeenResolutionMs) {
    // Conditional, so concurrent requests of one session write once.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(
        and(
          eq(sessions.id, row.id),
          lt(sessions.lastSeenAt, new Date(now.getTime() - lastSeenResolutionMs + 1)),
        ),
      );
  }
  return { id: row.id, userId: row.userId, mgId: row.mgId };
}

/** Ends every session of a user (after a password reset). */
export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

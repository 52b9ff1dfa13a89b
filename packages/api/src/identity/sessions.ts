import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { newToken, sha256 } from '../kernel/secrets';
import { marketplaces } from '../kernel/tables';
import { signInRequired, UnauthenticatedError } from './errors';
import { sessions } from './tables';

/**
 * Sessions belong to a marketplace group, and a browser keeps one per group: the session of group G
 * is in the cookie `atrium_session_G`, so a client of two groups stays signed in to both.
 */
export const sessionCookiePrefix = 'atrium_session_';
/** The one cookie of earlier releases, of whichever group its session is: still read and ended, never set. */
export const legacySessionCookieName = 'atrium_session';
/**
 * The request header naming the marketplace a request is for: the web app sends its page's
 * marketplace id, and the request acts with the session of that marketplace's group.
 */
export const marketplaceHeader = 'x-atrium-marketplace';
/** A session unused this long ends. */
export const sessionIdleMs = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy. */
export const sessionAbsoluteMs = 90 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often per session. */
export const lastSeenResolutionMs = 60 * 1000;

/** The name of the session cookie of marketplace group `mgId`. */
export function sessionCookieName(mgId: number): string {
  return `${sessionCookiePrefix}${mgId}`;
}

const largestId = 2_147_483_647;

function parseId(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= largestId ? id : null;
}

/**
 * What a cookie name says: the group of a session cookie, null for the legacy cookie (group unknown
 * until its session is looked up), undefined for a cookie that holds no session.
 */
export function sessionCookieGroup(name: string): number | null | undefined {
  if (name === legacySessionCookieName) return null;
  if (!name.startsWith(sessionCookiePrefix)) return undefined;
  return parseId(name.slice(sessionCookiePrefix.length)) ?? undefined;
}

export interface ActiveSession {
  id: number;
  userId: number;
  mgId: number;
  /** When the user signed in (by password, code, link or provider): how recent the proof is. */
  startedAt: Date;
}

/** A session token the browser sent, and the group its cookie is for (null: the legacy cookie). */
export interface PresentedToken {
  mgId: number | null;
  token: string;
}

/** The browser's side of sessions: one cookie per marketplace group. */
export interface SessionCookieJar {
  /** Every session cookie of the request. */
  read(): Promise<PresentedToken[]>;
  /** Sets the cookie of group mgId. */
  write(mgId: number, token: string, expires: Date): Promise<void>;
  /** Expires the cookie of group mgId (null: the legacy cookie). */
  clear(mgId: number | null): Promise<void>;
}

/** The session of one HTTP request. */
export interface RequestSession {
  /**
   * The valid session of group mgId when given; otherwise of the group of the marketplace the request
   * names (X-Atrium-Marketplace; none for an unknown marketplace); for a request that names none, the
   * only session its cookies hold (none when they hold sessions of several groups). Looked up once.
   */
  current(mgId?: number): Promise<ActiveSession | null>;
  /** Signs the user in: revokes the session the browser held for the user's group and sets a new cookie. */
  start(user: { id: number; mgId: number }): Promise<ActiveSession>;
  /**
   * Revokes the session of the request's group and clears its cookie, leaving other groups signed in.
   * A request naming no marketplace ends every session its cookies hold.
   */
  end(): Promise<void>;
}

/** The request's session, or UNAUTHENTICATED ('Please sign in to continue.') without one. */
export async function requireSession(session: RequestSession): Promise<ActiveSession> {
  const current = await session.current();
  if (!current) throw new UnauthenticatedError(signInRequired);
  return current;
}

/** The group the request acts for: the group of the marketplace it names, 'unnamed', or 'unknown'. */
type RequestGroup = number | 'unnamed' | 'unknown';

async function groupOfNamedMarketplace(db: Db, named: string | null): Promise<RequestGroup> {
  if (named === null || named.trim() === '') return 'unnamed';
  const marketplaceId = parseId(named.trim());
  if (marketplaceId === null) return 'unknown';
  const [row] = await db
    .select({ mgId: marketplaces.mgId })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  return row ? row.mgId : 'unknown';
}

/**
 * The session of one request. `namedMarketplace` is the raw X-Atrium-Marketplace header (null when
 * absent): requests of the web app name their marketplace; API clients that name none keep the
 * behaviour of one session per browser as long as their cookies hold one.
 */
export function createRequestSession(
  db: Db,
  clock: () => Date,
  jar: SessionCookieJar,
  namedMarketplace: string | null = null,
): RequestSession {
  const request: SessionRequest = { db, clock, jar, namedMarketplace, ofGroup: new Map() };
  return {
    current: (mgId) => currentSession(request, mgId),
    start: (user) => startSession(request, user),
    end: () => endSession(request),
  };
}

/** One request's ports and what it has looked up so far (each at most once). */
interface SessionRequest {
  db: Db;
  clock: () => Date;
  jar: SessionCookieJar;
  namedMarketplace: string | null;
  presented?: Promise<PresentedToken[]>;
  group?: Promise<RequestGroup>;
  // Memoised lookups, dropped whenever start or end changes the cookies.
  ofGroup: Map<number, Promise<ActiveSession | null>>;
  ofRequest?: Promise<ActiveSession | null>;
}

function presentedTokens(request: SessionRequest): Promise<PresentedToken[]> {
  request.presented ??= request.jar.read();
  return request.presented;
}

function requestGroup(request: SessionRequest): Promise<RequestGroup> {
  request.group ??= groupOfNamedMarketplace(request.db, request.namedMarketplace);
  return request.group;
}

function currentSession(request: SessionRequest, mgId: number | undefined): Promise<ActiveSession | null> {
  if (mgId !== undefined) return sessionForGroup(request, mgId);
  request.ofRequest ??= (async () => {
    const named = await requestGroup(request);
    if (named === 'unknown') return null;
    return named === 'unnamed' ? onlySession(request) : sessionForGroup(request, named);
  })();
  return request.ofRequest;
}

function sessionForGroup(request: SessionRequest, mgId: number): Promise<ActiveSession | null> {
  let session = request.ofGroup.get(mgId);
  if (!session) {
    session = lookUpGroup(request, mgId);
    request.ofGroup.set(mgId, session);
  }
  return session;
}

/** The session of group mgId: its own cookie first, then the legacy cookie if it holds one of mgId. */
async function lookUpGroup(request: SessionRequest, mgId: number): Promise<ActiveSession | null> {
  const now = request.clock();
  const candidates = (await presentedTokens(request))
    .filter((presented) => presented.mgId === mgId || presented.mgId === null)
    .sort((a, b) => (a.mgId === null ? 1 : 0) - (b.mgId === null ? 1 : 0));
  for (const { token } of candidates) {
    const session = await loadActiveSession(request.db, now, token);
    if (session && session.mgId === mgId) {
      await noteSeen(request.db, now, session);
      return toActive(session);
    }
  }
  return null;
}

/** For a request naming no marketplace: the one valid session its cookies hold, if just one. */
async function onlySession(request: SessionRequest): Promise<ActiveSession | null> {
  const now = request.clock();
  const found = new Map<number, LoadedSession>();
  for (const { mgId, token } of await presentedTokens(request)) {
    const session = await loadActiveSession(request.db, now, token);
    // A cookie renamed to another group's name holds nothing.
    if (session && (mgId === null || session.mgId === mgId)) found.set(session.id, session);
  }
  const [only, ...others] = [...found.values()];
  if (!only || others.length > 0) return null;
  await noteSeen(request.db, now, only);
  return toActive(only);
}

async function startSession(
  request: SessionRequest,
  user: { id: number; mgId: number },
): Promise<ActiveSession> {
  const now = request.clock();
  const revoked = await revokePresented(request, user.mgId, now);
  // The group's own cookie is overwritten below; the legacy cookie, if it held the group's session, goes.
  const legacy = revoked.filter((token) => token.mgId === null);
  await forget(request, legacy);
  const { session, token } = await insertSession(request.db, user, now);
  await request.jar.write(user.mgId, token, new Date(now.getTime() + sessionAbsoluteMs));
  const others = (await presentedTokens(request)).filter((presented) => presented.mgId !== user.mgId);
  request.presented = Promise.resolve([...others, { mgId: user.mgId, token }]);
  request.ofGroup.clear();
  request.ofGroup.set(user.mgId, Promise.resolve(session));
  const named = await requestGroup(request);
  // The session just started is the request's, unless the request is for another group.
  request.ofRequest = named === 'unnamed' || named === user.mgId ? Promise.resolve(session) : undefined;
  return session;
}

async function endSession(request: SessionRequest): Promise<void> {
  const named = await requestGroup(request);
  if (named === 'unknown') return;
  const now = request.clock();
  await forget(request, await revokePresented(request, named === 'unnamed' ? null : named, now));
}

/** Revokes the presented sessions of group mgId (every presented session when null). */
async function revokePresented(
  request: SessionRequest,
  mgId: number | null,
  now: Date,
): Promise<PresentedToken[]> {
  const candidates = (await presentedTokens(request)).filter(
    (presented) => mgId === null || presented.mgId === mgId || presented.mgId === null,
  );
  if (candidates.length === 0) return [];
  const byHash = new Map(candidates.map((candidate) => [sha256(candidate.token), candidate]));
  const revoked = await request.db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        inArray(sessions.tokenHash, [...byHash.keys()]),
        isNull(sessions.revokedAt),
        mgId === null ? undefined : eq(sessions.mgId, mgId),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  const revokedHashes = new Set(revoked.map((row) => row.tokenHash));
  // Cookies to clear: the group's own, and the legacy cookie when it held this group's session.
  return candidates.filter(
    (candidate) => mgId === null || candidate.mgId === mgId || revokedHashes.has(sha256(candidate.token)),
  );
}

/** Clears the cookies of revoked sessions and forgets them and every lookup made with them. */
async function forget(request: SessionRequest, cleared: PresentedToken[]): Promise<void> {
  for (const { mgId } of cleared) await request.jar.clear(mgId);
  const current = await presentedTokens(request);
  request.presented = Promise.resolve(current.filter((token) => !cleared.includes(token)));
  request.ofGroup.clear();
  request.ofRequest = undefined;
}

/** A new session of the user, and the token its cookie carries (only its hash is stored). */
async function insertSession(
  db: Db,
  user: { id: number; mgId: number },
  now: Date,
): Promise<{ session: ActiveSession; token: string }> {
  const token = newToken();
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: sha256(token), userId: user.id, mgId: user.mgId, createdAt: now, lastSeenAt: now })
    .returning({ id: sessions.id });
  if (!row) throw new Error('Session was not created');
  return { session: { id: row.id, userId: user.id, mgId: user.mgId, startedAt: now }, token };
}

type LoadedSession = typeof sessions.$inferSelect;

function toActive(row: LoadedSession): ActiveSession {
  return { id: row.id, userId: row.userId, mgId: row.mgId, startedAt: row.createdAt };
}

/** The session of a token if it is neither revoked, idle too long nor too old. */
async function loadActiveSession(db: Db, now: Date, token: string): Promise<LoadedSession | null> {
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
  return row ?? null;
}

/** Notes that a session was used; written at most once per lastSeenResolutionMs. */
async function noteSeen(db: Db, now: Date, row: LoadedSession): Promise<void> {
  if (now.getTime() - row.lastSeenAt.getTime() < lastSeenResolutionMs) return;
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

/** The session of a token if it is neither revoked, idle too long nor too old; notes it was seen. */
export async function findActiveSession(db: Db, now: Date, token: string): Promise<ActiveSession | null> {
  const row = await loadActiveSession(db, now, token);
  if (!row) return null;
  await noteSeen(db, now, row);
  return toActive(row);
}

/** Ends every session of a user (after a password reset or change). */
export async function revokeAllSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

// Who books: the signed-in client of the marketplace's group, else the guest the request names, who
// is registered with the booking (or, when their email is already a client's, booked for that client
// without changing them or signing anyone in).
import type { RequestSession } from '../../identity';
import { findUserByEmail, findUserById, insertUser, type UserRow } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import { fingerprint } from '../../kernel/idempotency';
import { bookingMessages, type RegisterUserRequest } from './booking-request';

/**
 * A booking's client, known before anything is written. Only a signed-in client, or one the
 * marketplace's staff book for ('on-behalf': they chose them among its clients), gets their own
 * benefits and saved cards; a guest naming an existing client's email books for them as a guest would.
 */
export type BookingClient =
  | { kind: 'signed-in'; user: UserRow }
  | { kind: 'on-behalf'; user: UserRow }
  | { kind: 'existing'; user: UserRow }
  | { kind: 'new'; register: RegisterUserRequest };

/** Whether the client's own benefits (membership, package points) and saved cards apply. */
export function isKnownClient(
  client: BookingClient | null,
): client is Extract<BookingClient, { kind: 'signed-in' | 'on-behalf' }> {
  return client?.kind === 'signed-in' || client?.kind === 'on-behalf';
}

/**
 * Whose idempotency key it is, decided as `identifyClient` decides who books: the signed-in client,
 * or else the guest named in the request (by their email, lowercased and hashed), so no one else's
 * key ever answers them.
 */
export async function idempotencyCaller(
  session: RequestSession,
  mgId: number,
  registerUser: RegisterUserRequest | null,
): Promise<string> {
  const current = await session.current();
  if (current && current.mgId === mgId) return `user:${current.userId}`;
  if (registerUser) return `guest:${fingerprint(registerUser.email.toLowerCase())}`;
  throw new InvalidInputError(bookingMessages.whoIsBooking);
}

export async function identifyClient(
  db: Db,
  session: RequestSession,
  mgId: number,
  registerUser: RegisterUserRequest | null,
): Promise<BookingClient> {
  const current = await session.current();
  const signedIn = current && current.mgId === mgId ? await findUserById(db, current.userId) : null;
  if (signedIn) return { kind: 'signed-in', user: signedIn };
  if (!registerUser) throw new InvalidInputError(bookingMessages.whoIsBooking);
  return identifyGuest(db, mgId, registerUser);
}

/** A guest: the existing client their email names (booked for as a guest would be), else a new one. */
export async function identifyGuest(
  db: Db,
  mgId: number,
  registerUser: RegisterUserRequest,
): Promise<BookingClient> {
  const existing = await findUserByEmail(db, mgId, registerUser.email);
  return existing ? { kind: 'existing', user: existing } : { kind: 'new', register: registerUser };
}

/** The client's user id when they are already registered. */
export function knownUserId(client: BookingClient): number | null {
  return client.kind === 'new' ? null : client.user.id;
}

/** The client's user, registering a new guest (run it in the booking's transaction). */
export async function registerClient(
  tx: Db,
  mgId: number,
  client: BookingClient,
  now: Date,
): Promise<UserRow> {
  if (client.kind !== 'new') return client.user;
  const { email, profile } = client.register;
  const user =
    (await insertUser(tx, { mgId, email, now, profile })) ??
    // Another request registered the same address a moment ago: book for that client.
    (await findUserByEmail(tx, mgId, email));
  if (!user) throw new Error('The client could not be registered.');
  return user;
}

import { batch } from 'nanostores';
import type { StoredUser } from '../client-values/schemas';
import {
  $alertVerifyEmail,
  $alertVerifyPhone,
  $passCodeToken,
  $user,
  $userAuthError,
  $userEmail,
  CLIENT_KEPT_VALUES,
  type ClientKeptKey,
} from '../client-values/stores';

/** What the identity transitions need of a user (the viewer, or the user of a sign-in answer). */
export interface SignedInUser {
  id: string;
  emailConfirmed: boolean;
  phoneConfirmed: boolean;
  profile: {
    email: string;
    givenName?: string | null;
    familyName?: string | null;
    phone?: string | null;
  };
}

/** The part of a user kept between visits (the `user` client-kept value). */
export function toStoredUser(user: SignedInUser): StoredUser {
  return {
    id: user.id,
    email: user.profile.email,
    givenName: user.profile.givenName ?? null,
    familyName: user.profile.familyName ?? null,
    emailConfirmed: user.emailConfirmed,
    phoneConfirmed: user.phoneConfirmed,
  };
}

/**
 * After a sign-in or a registration: the user and their email are remembered, the passcode
 * token and the auth error are dropped, and the alert flags say what is left to verify — the email
 * when it is not confirmed (pending-email-verification dialog), the phone when there is one that is
 * not confirmed. Returns whether the email still waits for confirmation.
 */
export function rememberSignedInUser(user: SignedInUser): { emailPending: boolean } {
  const emailPending = !user.emailConfirmed;
  batch(() => {
    $user.set(toStoredUser(user));
    $userEmail.set(user.profile.email);
    $passCodeToken.set(null);
    $userAuthError.set(false);
    $alertVerifyEmail.set(emailPending);
    $alertVerifyPhone.set(Boolean(user.profile.phone) && !user.phoneConfirmed);
  });
  return { emailPending };
}

/**
 * Keeps the remembered user in step with the server's viewer: null when there is no session (then
 * `clearSessionValues`). A confirmation done elsewhere (another tab, an emailed link) lowers its
 * alert flag.
 */
export function syncViewer(user: SignedInUser | null): void {
  if (!user) {
    clearSessionValues();
    return;
  }
  batch(() => {
    $user.set(toStoredUser(user));
    if (user.emailConfirmed) $alertVerifyEmail.set(false);
    if (user.phoneConfirmed) $alertVerifyPhone.set(false);
  });
}

/**
 * Client-kept values that only mean something with a session: the user and the verification alerts
 * (the pending-email dialog and the phone notice act for the signed-in user).
 */
export const SESSION_BOUND: readonly ClientKeptKey[] = ['user', 'alert-verify-email', 'alert-verify-phone'];

/**
 * Client-kept values of the person who was signed in: their address and their /profile tab. A guest
 * keeps theirs (the email typed at checkout prefills the sign-in on /success).
 */
export const SIGNED_IN_PERSON: readonly ClientKeptKey[] = ['user-email', 'account-tab'];

/**
 * The server says there is no session (it ended elsewhere: a password reset, expiry, revocation):
 * the client forgets what belonged to it, as a logout does, so a signed-out visitor sees no notice
 * or data of the person who was signed in. The session-bound values always go; the signed-in
 * person's only when a user was remembered. The marketplace, the booking in progress (location,
 * cart, date and time, waitlist, step, checkout notes, promo) and a sign-in under way stay.
 */
export function clearSessionValues(): void {
  const keys = new Set<string>($user.get() ? [...SESSION_BOUND, ...SIGNED_IN_PERSON] : SESSION_BOUND);
  batch(() => {
    for (const { key, store, initial } of CLIENT_KEPT_VALUES) {
      if (keys.has(key)) store.set(initial);
    }
  });
}

/** localStorage keys that survive a logout: the marketplace the page belongs to. */
export const KEPT_AT_LOGOUT: readonly string[] = ['marketplace-id'];

function browserLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Some privacy modes throw on any access to localStorage.
    return null;
  }
}

/**
 * Logout, the local half: every client-kept value returns to its default and every other
 * localStorage key (the persisted query cache among them) is removed — except the marketplace id, so
 * the root page still knows which marketplace to show. The caller also empties the in-memory query
 * cache.
 */
export function clearSignedInData(storage: Storage | null = browserLocalStorage()): void {
  const kept = new Set(KEPT_AT_LOGOUT);
  batch(() => {
    for (const { key, store, initial } of CLIENT_KEPT_VALUES) {
      if (!kept.has(key)) store.set(initial);
    }
  });
  if (!storage) return;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null && !kept.has(key)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

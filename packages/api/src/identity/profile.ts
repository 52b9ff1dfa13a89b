// Profile edit (/profile and its form): an empty or missing field keeps the stored
// value; the email is read-only.
import { eq } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { accountMessages, ForbiddenError } from './account-errors';
import { signInRequired, UnauthenticatedError } from './errors';
import type { IdentityContext } from './ports';
import { users } from './tables';
import { findUserById, toUserView, type UserRow, type UserView } from './users';

/** Validated profile fields (phone E.164, dob yyyy-MM-dd); null keeps the stored value. */
export interface ProfileUpdate {
  givenName: string | null;
  familyName: string | null;
  dob: string | null;
  phone: string | null;
  address: string | null;
  sexAssignedAtBirth: 'male' | 'female' | 'unknown' | null;
  tzid: string | null;
}

/**
 * Updates the signed-in client's profile in group mgId. userId, when given, must be their own id. A
 * new phone number is no longer confirmed (a code texted to the old one cannot confirm it either).
 */
export async function updateProfile(
  context: IdentityContext,
  input: { mgId: number; userId: string | null; profile: ProfileUpdate },
): Promise<UserView> {
  const session = await context.session.current();
  if (!session || session.mgId !== input.mgId) throw new UnauthenticatedError(signInRequired);
  if (input.userId !== null && input.userId !== String(session.userId))
    throw new ForbiddenError(accountMessages.notYourProfile);
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new UnauthenticatedError(signInRequired);
  const updated = await writeProfile(context.db, user, input.profile, context.clock());
  if (!updated) throw new UnauthenticatedError(signInRequired);
  return toUserView(updated);
}

/**
 * Writes the profile fields given (null or missing keeps the stored value): the client's own edit,
 * and Atrium's for its demo accounts. A new phone number is no longer confirmed. Nothing is written
 * when nothing changes. Null when the user no longer exists.
 */
export async function writeProfile(
  db: Db,
  user: UserRow,
  profile: Partial<ProfileUpdate>,
  now: Date,
): Promise<UserRow | null> {
  const changes = Object.fromEntries(
    Object.entries(profile).filter(
      ([field, value]) => value !== null && value !== undefined && value !== user[field as keyof UserRow],
    ),
  ) as Partial<ProfileUpdate>;
  if (Object.keys(changes).length === 0) return user;
  const [updated] = await db
    .update(users)
    .set({
      ...changes,
      ...(changes.phone !== undefined ? { phoneConfirmedAt: null } : {}),
      updatedAt: now,
    })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? null;
}

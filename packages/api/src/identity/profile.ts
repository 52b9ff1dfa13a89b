// Profile edit (/profile and its form): an empty or missing field keeps the stored
// value; the email is read-only.
import { eq } from 'drizzle-orm';
import { accountMessages, ForbiddenError } from './account-errors';
import { signInRequired, UnauthenticatedError } from './errors';
import type { IdentityContext } from './ports';
import { users } from './tables';
import { findUserById, toUserView, type UserView } from './users';

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

  const changes = Object.fromEntries(
    Object.entries(input.profile).filter(([, value]) => value !== null),
  ) as Partial<ProfileUpdate>;
  const phoneChanged = changes.phone !== undefined && changes.phone !== user.phone;
  const [updated] = await context.db
    .update(users)
    .set({
      ...changes,
      ...(phoneChanged ? { phoneConfirmedAt: null } : {}),
      updatedAt: context.clock(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new UnauthenticatedError(signInRequired);
  return toUserView(updated);
}

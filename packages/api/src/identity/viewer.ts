import { signInRequired, UnauthenticatedError } from './errors';
import type { IdentityContext } from './ports';
import { findUserById, tenantOfGroup, toUserView, type UserView } from './users';

export type AuthOption = 'PASSCODE' | 'PASSWORD' | 'GOOGLE' | 'APPLE';

/**
 * The signed-in user of a marketplace group: the session the browser holds for that group, whichever
 * marketplace the request names. UNAUTHENTICATED without a valid session for that group.
 */
export async function getViewer(context: IdentityContext, input: { mgId: number }): Promise<UserView> {
  const session = await context.session.current(input.mgId);
  if (!session || session.mgId !== input.mgId) throw new UnauthenticatedError(signInRequired);
  const user = await findUserById(context.db, session.userId);
  if (!user) throw new UnauthenticatedError(signInRequired);
  return toUserView(user);
}

/**
 * The sign-in options of a group. They do not depend on the email (which is only validated), so the
 * answer never tells whether an account exists.
 */
export async function authOptions(context: IdentityContext, input: { mgId: number }): Promise<AuthOption[]> {
  await tenantOfGroup(context.db, input.mgId);
  const options: AuthOption[] = ['PASSCODE', 'PASSWORD'];
  if (context.openId.google) options.push('GOOGLE');
  if (context.openId.apple) options.push('APPLE');
  return options;
}

/**
 * Ends the session of the request's marketplace group, if any, and clears its cookie; sessions of
 * other groups stay. Always succeeds.
 */
export async function logout(context: IdentityContext): Promise<true> {
  await context.session.end();
  return true;
}

import type { AuthenticatePayload } from '@atrium/graphql-client/identity';
import { rememberSignedInUser } from '@atrium/stores';
import { CONFIRM_EMAIL_WARNING, LOGIN_SUCCESSFUL } from './messages';
import { notify } from './notify';

/**
 * After a sign-in or registration answered by the server: the user is remembered, the
 * success toast shows, and an email still waiting for confirmation raises the pending-email-
 * verification flag with a warning toast. The viewer refetch is the mutation hook's part.
 */
export function announceSignIn(payload: AuthenticatePayload, message: string = LOGIN_SUCCESSFUL): void {
  const { emailPending } = rememberSignedInUser({ ...payload.user, emailConfirmed: payload.emailConfirmed });
  notify('success', message);
  if (emailPending) notify('warning', CONFIRM_EMAIL_WARNING);
}

import { errorMessage } from '@atrium/graphql-client';
import { useLogout } from '@atrium/graphql-client/identity';
import { emit } from '@atrium/stores';

/** The toast after signing out, in the same words as on the clients' pages. */
export const LOGGED_OUT = 'Logged out successfully';

/**
 * Signs the staff member out (the session ends, local data and cached queries are cleared) and
 * says so; the console then asks to sign in again, on the same page.
 */
export function useSignOut() {
  const logout = useLogout();
  const signOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      emit('toast', { type: 'error', message: errorMessage(error, 'logout') });
      return;
    }
    emit('toast', { type: 'success', message: LOGGED_OUT });
  };
  return { signOut, pending: logout.isPending };
}

import { errorMessage } from '@atrium/graphql-client';
import { useLogout } from '@atrium/graphql-client/identity';
import { useNavigate } from '@atrium/navigation';
import { LOGGED_OUT } from './messages';
import { notify } from './notify';

/**
 * Logout: the logout call, then local and cached data cleared (the hook's part), the toast
 * 'Logged out successfully' and the root page. Awaited rather than left to mutate callbacks, which
 * would be dropped if clearing the alert flags unmounts the caller.
 */
export function useLogoutFlow() {
  const logout = useLogout();
  const navigate = useNavigate();
  const logOut = async () => {
    try {
      await logout.mutateAsync();
    } catch (error) {
      notify('error', errorMessage(error, 'logout'));
      return;
    }
    notify('success', LOGGED_OUT);
    navigate('/');
  };
  return { logOut, pending: logout.isPending };
}

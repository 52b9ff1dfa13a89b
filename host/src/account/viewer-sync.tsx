import { errorCode } from '@atrium/graphql-client';
import { viewerQueryOptions } from '@atrium/graphql-client/identity';
import { useLocation } from '@atrium/navigation';
import { $user, syncViewer } from '@atrium/stores';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** While a user is remembered, the session is checked again on every return to the window. */
const recheckOnFocus = () => ($user.get() ? 'always' : false);

/**
 * Keeps the remembered user ($user, which the header reads) in step with the server: the viewer of
 * the marketplace's group, or null once the server says there is no session (UNAUTHENTICATED).
 * A session can end elsewhere (a sign-out on another device, a password reset, expiry), so while a
 * user is remembered the viewer is asked again at every page change in the app and every return to
 * the window (beside any call the server refuses with UNAUTHENTICATED: `createQueryClient`), and the
 * signed-in look goes with the first refusal rather than at the next reload.
 * Loaded after first paint, so the identity operations stay out of the first-paint bundle.
 */
export default function ViewerSync({ mgId }: { mgId: string }) {
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const { data, error } = useQuery({ ...viewerQueryOptions(mgId), refetchOnWindowFocus: recheckOnFocus });

  useEffect(() => {
    if (data) syncViewer(data);
  }, [data]);
  useEffect(() => {
    if (error && errorCode(error) === 'UNAUTHENTICATED') syncViewer(null);
  }, [error]);

  // Each page change asks again (joining a request under way).
  useEffect(() => {
    if (!$user.get()) return;
    void queryClient.invalidateQueries(
      { queryKey: viewerQueryOptions(mgId).queryKey, exact: true },
      { cancelRefetch: false },
    );
  }, [pathname, mgId, queryClient]);
  return null;
}

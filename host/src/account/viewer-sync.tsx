import { errorCode } from '@atrium/graphql-client';
import { useViewer } from '@atrium/graphql-client/identity';
import { syncViewer } from '@atrium/stores';
import { useEffect } from 'react';

/**
 * Keeps the remembered user ($user, which the header reads) in step with the server: the viewer of
 * the marketplace's group, or null once the server says there is no session (UNAUTHENTICATED).
 * Loaded after first paint, so the identity operations stay out of the first-paint bundle.
 */
export default function ViewerSync({ mgId }: { mgId: string }) {
  const { data, error } = useViewer(mgId);
  useEffect(() => {
    if (data) syncViewer(data);
  }, [data]);
  useEffect(() => {
    if (error && errorCode(error) === 'UNAUTHENTICATED') syncViewer(null);
  }, [error]);
  return null;
}

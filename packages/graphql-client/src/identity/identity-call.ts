import { errorCode, execute, type RequestOptions, type TypedDocumentString } from '@atrium/graphql-client';
import { $userAuthError } from '@atrium/stores';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Runs an identity operation on the page's client. A call refused with the server code
 * UNAUTHENTICATED sets the user-auth-error flag.
 */
export async function callIdentity<TResult, TVariables>(
  document: TypedDocumentString<TResult, TVariables>,
  variables: TVariables,
  options?: RequestOptions,
): Promise<TResult> {
  try {
    return await execute(document, variables, options);
  } catch (error) {
    if (errorCode(error) === 'UNAUTHENTICATED') $userAuthError.set(true);
    throw error;
  }
}

/** Query key of the signed-in user of every group. */
export const VIEWER_KEY = ['viewer'] as const;

/** After a successful change the user data is refetched. */
export function refetchViewer(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: VIEWER_KEY });
}

/** Confirming the email or the phone also refreshes the marketplace data. */
export async function refetchViewerAndMarketplace(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    refetchViewer(queryClient),
    queryClient.invalidateQueries({ queryKey: ['marketplace'] }),
  ]);
}

import type { RequestOptions } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AppleAuthenticateDocument,
  type AppleAuthenticateMutationVariables,
  AuthProvidersDocument,
  type AuthProvidersQuery,
  GoogleAuthenticateDocument,
  type GoogleAuthenticateMutation,
  type GoogleAuthenticateMutationVariables,
  RegisterWithTokenDocument,
  type RegisterWithTokenMutationVariables,
  StartThirdPartySignInDocument,
  type StartThirdPartySignInMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from './identity-call';
import type { AuthenticatePayload } from './sign-in';

/** A Google or Apple sign-in the marketplace offers: its client id and redirect path. */
export type AuthProvider = AuthProvidersQuery['authProviders'][number];
/** Signed in (authenticatePayload), or a registration token and what the provider said (userData). */
export type ThirdPartyAuthenticatePayload = GoogleAuthenticateMutation['googleAuthenticate'];
export type ThirdPartyUserData = NonNullable<ThirdPartyAuthenticatePayload['userData']>;
export type RegisterWithTokenVariables = RegisterWithTokenMutationVariables;

export async function fetchAuthProviders(
  marketplaceId: string,
  options?: RequestOptions,
): Promise<AuthProvider[]> {
  return (await callIdentity(AuthProvidersDocument, { marketplaceId }, options)).authProviders;
}

/** The configured providers of a marketplace; waits while the marketplace is unknown. */
export function authProvidersQueryOptions(marketplaceId: string) {
  return queryOptions({
    queryKey: ['auth-providers', marketplaceId] as const,
    queryFn: ({ signal }) => fetchAuthProviders(marketplaceId, { signal }),
    enabled: marketplaceId !== '',
  });
}

export function useAuthProviders(marketplaceId: string | null | undefined) {
  return useQuery(authProvidersQueryOptions(marketplaceId ?? ''));
}

/**
 * Starts a Google or Apple sign-in: the API keeps its state, nonce and PKCE verifier, binds them to
 * this browser (an HttpOnly cookie) and answers the provider's authorization URL to go to.
 */
export async function startThirdPartySignIn(
  variables: StartThirdPartySignInMutationVariables,
): Promise<string> {
  return (await callIdentity(StartThirdPartySignInDocument, variables)).startThirdPartySignIn
    .authorizationUrl;
}

export function useStartThirdPartySignIn() {
  return useMutation({ mutationFn: startThirdPartySignIn });
}

export async function googleAuthenticate(
  variables: GoogleAuthenticateMutationVariables,
): Promise<ThirdPartyAuthenticatePayload> {
  return (await callIdentity(GoogleAuthenticateDocument, variables)).googleAuthenticate;
}

export async function appleAuthenticate(
  variables: AppleAuthenticateMutationVariables,
): Promise<ThirdPartyAuthenticatePayload> {
  return (await callIdentity(AppleAuthenticateDocument, variables)).appleAuthenticate;
}

export async function registerWithToken(
  variables: RegisterWithTokenMutationVariables,
): Promise<AuthenticatePayload> {
  return (await callIdentity(RegisterWithTokenDocument, variables)).registerWithToken;
}

function useThirdPartyAuthenticate(
  run: (variables: GoogleAuthenticateMutationVariables) => Promise<ThirdPartyAuthenticatePayload>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (payload) => {
      if (payload.authenticatePayload) await refetchViewer(queryClient);
    },
  });
}

export function useGoogleAuthenticate() {
  return useThirdPartyAuthenticate(googleAuthenticate);
}

export function useAppleAuthenticate() {
  return useThirdPartyAuthenticate(appleAuthenticate);
}

export function useRegisterWithToken() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registerWithToken, onSuccess: () => refetchViewer(queryClient) });
}

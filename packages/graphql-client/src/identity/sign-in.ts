import type { RequestOptions } from '@atrium/graphql-client';
import { clearSignedInData } from '@atrium/stores';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AuthenticateDocument,
  type AuthenticateFieldsFragment,
  type AuthenticateMutationVariables,
  type AuthOption,
  AuthOptionsDocument,
  LogoutDocument,
  PasscodeAuthenticateDocument,
  type PasscodeAuthenticateMutationVariables,
  RegisterDocument,
  type RegisterMutation,
  type RegisterMutationVariables,
  RequestPasscodeDocument,
  type RequestPasscodeMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from './identity-call';

/** The answer of every sign-in: the user, whether the email is confirmed, and the profile. */
export type AuthenticatePayload = AuthenticateFieldsFragment;

/** The sign-in options of group mgId for an email (the same for every valid address). */
export async function fetchAuthOptions(
  identifier: string,
  mgId: string,
  options?: RequestOptions,
): Promise<AuthOption[]> {
  return (await callIdentity(AuthOptionsDocument, { identifier, mgId }, options)).authOptions;
}

/** Emails a 6-digit code; the token it answers goes back with the code. */
export async function requestPasscode(variables: RequestPasscodeMutationVariables): Promise<string> {
  return (await callIdentity(RequestPasscodeDocument, variables)).requestPasscode.token;
}

export async function passcodeAuthenticate(
  variables: PasscodeAuthenticateMutationVariables,
): Promise<AuthenticatePayload> {
  return (await callIdentity(PasscodeAuthenticateDocument, variables)).passcodeAuthenticate;
}

/** Signs in with email and password. */
export async function authenticate(variables: AuthenticateMutationVariables): Promise<AuthenticatePayload> {
  return (await callIdentity(AuthenticateDocument, variables)).authenticate;
}

/**
 * Registers an email with a password. Signs nobody in: the confirmation link (or, for a taken address,
 * a note to its owner) arrives by mail, and the answer is the same either way.
 */
export async function register(variables: RegisterMutationVariables): Promise<RegisterMutation['register']> {
  return (await callIdentity(RegisterDocument, variables)).register;
}

export async function logout(): Promise<boolean> {
  return (await callIdentity(LogoutDocument, {})).logout;
}

export function useRequestPasscode() {
  return useMutation({ mutationFn: requestPasscode });
}

export function usePasscodeAuthenticate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: passcodeAuthenticate,
    onSuccess: () => refetchViewer(queryClient),
  });
}

export function useAuthenticate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: authenticate, onSuccess: () => refetchViewer(queryClient) });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}

/**
 * Logout: ends the session, then clears local data (every stored value but the marketplace
 * id) and the query cache. Showing the toast and going to the root page is the caller's part.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await logout();
      // Queries only: the mutation cache holds this very call.
      queryClient.removeQueries();
      clearSignedInData();
    },
  });
}

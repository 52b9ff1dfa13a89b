import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ChangePasswordDocument,
  type ChangePasswordMutationVariables,
  SetPasswordDocument,
  type SetPasswordMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from '../identity/identity-call';

export type SetPasswordVariables = SetPasswordMutationVariables;
export type ChangePasswordVariables = ChangePasswordMutationVariables;

/**
 * Gives a signed-in client without a password their first one. A sign-in older than 10 minutes is
 * refused with REAUTHENTICATION_REQUIRED: sign in again with an emailed code, then send it again.
 * Every other session of the account ends; this browser gets a new one.
 */
export async function setPassword(variables: SetPasswordVariables): Promise<boolean> {
  return (await callIdentity(SetPasswordDocument, variables)).setPassword.hasPassword;
}

/** Changes the signed-in client's password given the current one (INCORRECT_PASSWORD when wrong). */
export async function changePassword(variables: ChangePasswordVariables): Promise<boolean> {
  return (await callIdentity(ChangePasswordDocument, variables)).changePassword.hasPassword;
}

/** setPassword, then the user data refetched (the profile then offers Change password). */
export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setPassword, onSuccess: () => refetchViewer(queryClient) });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => refetchViewer(queryClient) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  RequestResetPasswordDocument,
  type RequestResetPasswordMutationVariables,
  ResetPasswordByTokenDocument,
  type ResetPasswordByTokenMutationVariables,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from './identity-call';

/** Emails a link to {webOriginUrl}/reset-password?token= when the address has an account. */
export async function requestResetPassword(
  variables: RequestResetPasswordMutationVariables,
): Promise<boolean> {
  return (await callIdentity(RequestResetPasswordDocument, variables)).requestResetPassword;
}

/** Sets a new password from the emailed token; every session of the account ends. */
export async function resetPasswordByToken(
  variables: ResetPasswordByTokenMutationVariables,
): Promise<boolean> {
  return (await callIdentity(ResetPasswordByTokenDocument, variables)).resetPasswordByToken;
}

export function useRequestResetPassword() {
  return useMutation({ mutationFn: requestResetPassword });
}

export function useResetPasswordByToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPasswordByToken,
    onSuccess: () => refetchViewer(queryClient),
  });
}

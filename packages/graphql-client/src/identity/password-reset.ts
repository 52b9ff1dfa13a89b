import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PasswordResetLinkUsableDocument,
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

/**
 * Whether an emailed reset link can still set a password (asked once; it does not use the link).
 * Nothing is asked until the link's group is known.
 */
export function usePasswordResetLinkUsable(token: string, mgId: string) {
  return useQuery({
    queryKey: ['passwordResetLinkUsable', token, mgId],
    queryFn: async () =>
      (await callIdentity(PasswordResetLinkUsableDocument, { token, mgId })).passwordResetLinkUsable,
    enabled: token !== '' && mgId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

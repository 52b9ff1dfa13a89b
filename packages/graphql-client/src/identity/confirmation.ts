import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmEmailDocument,
  type ConfirmEmailMutationVariables,
  ConfirmPhoneDocument,
  type ConfirmPhoneMutationVariables,
  RequestConfirmEmailDocument,
  RequestConfirmPhoneDocument,
} from '../generated/graphql';
import { callIdentity, refetchViewerAndMarketplace } from './identity-call';

/** Emails the signed-in user a link to /confirm-email?token=. */
export async function requestConfirmEmail(marketplaceId: string): Promise<boolean> {
  return (await callIdentity(RequestConfirmEmailDocument, { marketplaceId })).requestConfirmEmail;
}

export async function confirmEmail(variables: ConfirmEmailMutationVariables): Promise<boolean> {
  return (await callIdentity(ConfirmEmailDocument, variables)).confirmEmail.emailConfirmed;
}

/** Texts a 6-digit code to the signed-in user's phone; the marketplace names itself in the text. */
export async function requestConfirmPhone(marketplaceId: string | null): Promise<boolean> {
  return (await callIdentity(RequestConfirmPhoneDocument, { marketplaceId })).requestConfirmPhone;
}

export async function confirmPhone(variables: ConfirmPhoneMutationVariables): Promise<boolean> {
  return (await callIdentity(ConfirmPhoneDocument, variables)).confirmPhone.phoneConfirmed;
}

export function useRequestConfirmEmail() {
  return useMutation({ mutationFn: requestConfirmEmail });
}

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => refetchViewerAndMarketplace(queryClient),
  });
}

export function useRequestConfirmPhone() {
  return useMutation({ mutationFn: requestConfirmPhone });
}

export function useConfirmPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPhone,
    onSuccess: () => refetchViewerAndMarketplace(queryClient),
  });
}

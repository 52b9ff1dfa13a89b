import { RequestTimeoutError, serverMessage } from '@atrium/graphql-client';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreatePaymentInstrumentDocument,
  DeletePaymentInstrumentDocument,
  type NewCardInput,
  type ProfileCardFragment,
  UpdatePrimaryPaymentInstrumentDocument,
} from '../generated/graphql';
import { callIdentity, refetchViewer } from '../identity/identity-call';

/** A saved card of the wallet. */
export type WalletCard = ProfileCardFragment;
/** A card the browser tokenized, with the card holder's identity. */
export type NewCard = NewCardInput;

/** The message for a wallet change that failed without a message from the server. */
export const WALLET_CHANGE_FAILED =
  'Payment instrument addition, deletion or update failed, please try again';

/**
 * The message for a failed wallet change: the server's first message (e.g. a processor's
 * decline reason), a timeout's own message, else 'Payment instrument addition, deletion or update
 * failed, please try again'.
 */
export function walletErrorMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  return error instanceof RequestTimeoutError ? error.message : WALLET_CHANGE_FAILED;
}

/** createPaymentInstrument: a card added to the wallet is always saved (save true). Returns the new card. */
export async function createPaymentInstrument(card: NewCard): Promise<WalletCard> {
  return (await callIdentity(CreatePaymentInstrumentDocument, { input: { save: true, card } }))
    .createPaymentInstrument;
}

export async function deletePaymentInstrument(id: string): Promise<boolean> {
  return (await callIdentity(DeletePaymentInstrumentDocument, { id })).deletePaymentInstrument;
}

/** Makes a saved card the primary (default) one. */
export async function updatePrimaryPaymentInstrument(paymentInstrumentId: string): Promise<WalletCard> {
  return (await callIdentity(UpdatePrimaryPaymentInstrumentDocument, { paymentInstrumentId }))
    .updatePrimaryPaymentInstrument;
}

/** After a change the user data is refetched — and checkout's list of saved cards with it. */
function refetchWallet(queryClient: QueryClient) {
  return Promise.all([
    refetchViewer(queryClient),
    queryClient.invalidateQueries({ queryKey: ['savedCards'] }),
  ]);
}

export function useCreatePaymentInstrument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPaymentInstrument, onSuccess: () => refetchWallet(queryClient) });
}

export function useDeletePaymentInstrument() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePaymentInstrument, onSuccess: () => refetchWallet(queryClient) });
}

export function useUpdatePrimaryPaymentInstrument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrimaryPaymentInstrument,
    onSuccess: () => refetchWallet(queryClient),
  });
}

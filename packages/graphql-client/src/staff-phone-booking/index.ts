// '@atrium/graphql-client/staff-phone-booking': the front desk books for a client (a phone-in
// client) — the client's cards on file, the price to tell them, and the booking. An entry of its
// own, bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffBookingQuoteDocument,
  type StaffBookingQuoteQuery,
  type StaffBookingQuoteQueryVariables,
  StaffClientCardsDocument,
  type StaffClientCardsQuery,
  StaffCreateBookingDocument,
  type StaffCreateBookingMutation,
  type StaffCreateBookingMutationVariables,
} from '../generated/graphql';
import { STAFF_REQUESTS_KEY } from '../staff/staff-requests';
import { STAFF_CLIENTS_KEY } from '../staff-clients';

export type StaffClientCard = StaffClientCardsQuery['staffClientCards'][number];
export type StaffBookingQuoteInput = StaffBookingQuoteQueryVariables['input'];
export type StaffBookingQuote = StaffBookingQuoteQuery['staffBookingQuote'];
export type StaffBookingInput = StaffCreateBookingMutationVariables['input'];
export type StaffBooking = StaffCreateBookingMutation['staffCreateBooking'];

/** A client's cards on file (brand and last four); none asked for until a client is chosen. */
export function useStaffClientCards(marketplaceId: string, clientId: string | null) {
  return useQuery({
    queryKey: ['staffClientCards', marketplaceId, clientId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffClientCardsDocument, { marketplaceId, clientId: clientId as string }, { signal }))
        .staffClientCards,
    enabled: marketplaceId !== '' && Boolean(clientId),
    // A client may add or remove a card meanwhile: ask again each time the step shows.
    staleTime: 0,
    meta: { persist: false },
  });
}

/** What the booking costs the client; the previous figures stay while a change is priced. */
export function useStaffBookingQuote(marketplaceId: string, input: StaffBookingQuoteInput | null) {
  return useQuery({
    queryKey: ['staffBookingQuote', marketplaceId, input] as const,
    queryFn: async ({ signal }) =>
      (
        await execute(
          StaffBookingQuoteDocument,
          { marketplaceId, input: input as StaffBookingQuoteInput },
          { signal },
        )
      ).staffBookingQuote,
    enabled: marketplaceId !== '' && input !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: false },
  });
}

/** Books for a client; afterwards the requests and the clients are asked for again. */
export function useStaffCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: StaffCreateBookingMutationVariables) =>
      (await execute(StaffCreateBookingDocument, variables)).staffCreateBooking,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_KEY }),
        queryClient.invalidateQueries({ queryKey: STAFF_CLIENTS_KEY }),
      ]),
  });
}

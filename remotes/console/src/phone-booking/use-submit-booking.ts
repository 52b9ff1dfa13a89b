import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type StaffBooking,
  type StaffBookingInput,
  useStaffCreateBooking,
} from '@atrium/graphql-client/staff-phone-booking';
import {
  CardAuthenticationFailedError,
  type CardCollector,
  PAYMENT_FORM_NOT_READY,
  sendCardWithAuthentication,
} from '@atrium/payment-forms';
import { useRef, useState } from 'react';
import type { PaymentChoice } from './booking-draft';

/** The booking as sent, but for its key and payment (which the hook adds). */
export type BookingRequest = Omit<StaffBookingInput, 'idempotencyKey' | 'payment'>;

const newKey = (): string => crypto.randomUUID();

/** The card form could not give a token (its own message): nothing was sent. */
class CardFormProblem extends Error {}

async function tokenize(card: CardCollector | null) {
  if (!card) throw new CardFormProblem(PAYMENT_FORM_NOT_READY);
  try {
    return await card.tokenize();
  } catch (error) {
    throw new CardFormProblem(error instanceof Error ? error.message : PAYMENT_FORM_NOT_READY);
  }
}

/**
 * The key after a failed booking, as checkout's rule: a definite refusal (a GraphQL error with its
 * code) ends it; after no answer the first request may have booked, so a retry sends the same key.
 */
export const keyAfter = (error: unknown, key: string) => {
  const code = errorCode(error);
  return code !== undefined && code !== 'INTERNAL_SERVER_ERROR' ? newKey() : key;
};

/**
 * Sending the booking: once at a time, with one idempotency key per booking, so a double click or a
 * retry after no answer books once. A new card is tokenized in the console and, when its bank asks,
 * authenticated, then the same booking goes again with the challenge's client secret. A taken time
 * goes to `onSlotTaken`; anything else is the step's problem, with everything typed kept.
 */
export function useSubmitBooking(
  marketplaceId: string,
  handlers: { onBooked: (booking: StaffBooking) => void; onSlotTaken: (message: string) => void },
) {
  const create = useStaffCreateBooking();
  const key = useRef<string>(newKey());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = (request: BookingRequest, payment: StaffBookingInput['payment']) =>
    create.mutateAsync({ marketplaceId, input: { ...request, idempotencyKey: key.current, payment } });

  const withCard = async (request: BookingRequest, card: CardCollector | null) => {
    const tokenized = await tokenize(card);
    return sendCardWithAuthentication(card as CardCollector, tokenized, (token) =>
      send(request, { card: { token, postalCode: tokenized.postalCode || null } }),
    );
  };

  const submit = async (request: BookingRequest, payment: PaymentChoice, card: CardCollector | null) => {
    if (busy) return;
    setProblem(null);
    setBusy(true);
    try {
      const booking =
        payment.kind === 'new-card'
          ? await withCard(request, card)
          : await send(
              request,
              payment.kind === 'saved-card'
                ? { paymentInstrumentId: payment.cardId }
                : { collectOnSite: true },
            );
      key.current = newKey();
      handlers.onBooked(booking);
    } catch (error) {
      // A card the form could not read, or a failed challenge: nothing was kept, the key is free.
      if (error instanceof CardAuthenticationFailedError || error instanceof CardFormProblem) {
        setProblem(error.message);
        return;
      }
      key.current = keyAfter(error, key.current);
      if (errorCode(error) === 'SLOT_TAKEN') handlers.onSlotTaken(errorMessage(error));
      else setProblem(errorMessage(error, 'createAppointment'));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, problem, clearProblem: () => setProblem(null) };
}

import type { FormValues } from '@atrium/domain';
import { errorCode, serverMessage } from '@atrium/graphql-client';
import {
  type AppointmentRequest,
  type CreateAppointmentRequestInput,
  createAppointmentRequest,
} from '@atrium/graphql-client/checkout';
import {
  CardAuthenticationFailedError,
  type CardCollector,
  PAYMENT_FORM_NOT_READY,
  sendCardWithAuthentication,
  type TokenizedCard,
} from '@atrium/payment-forms';
import { completeBooking, emit } from '@atrium/stores';
import { focusFirstInvalid } from '@atrium/ui/forms';
import { type RefObject, useRef, useState } from 'react';
import { newIdempotencyKey } from './booking-payload';

/** Submit's fallbacks. */
export const CREATE_APPOINTMENT_FAILED = 'Failed to create appointment. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** The API's code for a time someone else booked first: the client chooses another. */
export const SLOT_TAKEN = 'SLOT_TAKEN';

/** Why a submit did not book: the message to show, and the API's error code when it refused. */
export interface BookingError {
  message: string;
  code?: string | undefined;
}

export interface SubmitParts {
  /** Validates every form on the page; false when something needs the client's attention. */
  validate: () => boolean;
  /** The request without payment and key, from the page's forms (called after validate). */
  request: (personal: FormValues) => Omit<CreateAppointmentRequestInput, 'idempotencyKey' | 'paymentMethod'>;
  personal: () => FormValues;
  /** How the client pays: nothing due, a saved card, or the card form (read at submit: it changes with every keystroke). */
  payment:
    | { kind: 'none' }
    | { kind: 'saved'; paymentInstrumentId: string }
    | { kind: 'new'; card: RefObject<CardCollector | null> };
  /** The card holder's identity for the payment method. */
  identity: (
    personal: FormValues,
    card: TokenizedCard,
  ) => NonNullable<CreateAppointmentRequestInput['paymentMethod']>;
  /** The request was taken: the API's answer, recap included. */
  onBooked: (request: AppointmentRequest) => void;
}

/**
 * The booking key after a failed submit. Only a definite refusal from the server (a GraphQL error
 * with its code: a taken time, a declined card, a reused key…) ends the key: the corrected request
 * gets a new one. After no answer (a timeout, a network error, a server failure) the first request
 * may have booked, so the retry must send the same key and get that booking back, not a second one.
 */
export function bookingKeyAfter(error: unknown, key: string, newKey: () => string): string {
  const code = errorCode(error);
  return code !== undefined && code !== 'INTERNAL_SERVER_ERROR' ? newKey() : key;
}

/**
 * Submitting the booking: once at a time, with one idempotency key for this checkout so that a
 * double click or a retried request creates one appointment. A new card whose bank asks for 3-D
 * Secure gets its challenge, then the same request (same key) goes again with the challenge's client
 * secret. Errors show under the button; the page's forms keep their values.
 */
export function useSubmitBooking(parts: SubmitParts) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<BookingError | null>(null);
  const fail = (message: string, code?: string) => setError({ message, code });
  const key = useRef<string>(newIdempotencyKey());
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    setError(null);
    if (!parts.validate()) return focusFirstInvalid();
    busy.current = true;
    setSubmitting(true);
    try {
      const personal = parts.personal();
      const { payment } = parts;
      const send = (paymentMethod: CreateAppointmentRequestInput['paymentMethod']) =>
        createAppointmentRequest({ ...parts.request(personal), idempotencyKey: key.current, paymentMethod });
      let tokenized: TokenizedCard | null = null;
      const card = payment.kind === 'new' ? payment.card.current : null;
      if (payment.kind === 'new') {
        if (!card) return fail(PAYMENT_FORM_NOT_READY);
        try {
          tokenized = await card.tokenize();
        } catch (cardError) {
          fail(cardError instanceof Error ? cardError.message : UNEXPECTED_ERROR);
          return;
        }
      }
      try {
        const result =
          card && tokenized
            ? await sendCardWithAuthentication(card, tokenized, (token) =>
                send(parts.identity(personal, { ...(tokenized as TokenizedCard), token })),
              )
            : await send(
                payment.kind === 'saved' ? { paymentInstrumentId: payment.paymentInstrumentId } : undefined,
              );
        // To /success first: an emptied cart on /confirm would send the client back to /services.
        parts.onBooked(result);
        completeBooking();
        emit('booking:completed', { appointmentId: result.id });
        emit('toast', { type: 'success', message: 'Appointment created successfully' });
      } catch (requestError) {
        if (requestError instanceof CardAuthenticationFailedError) {
          // Nothing was booked and the key is free again: the client picks another card.
          fail(requestError.message);
          return;
        }
        key.current = bookingKeyAfter(requestError, key.current, newIdempotencyKey);
        fail(serverMessage(requestError) ?? CREATE_APPOINTMENT_FAILED, errorCode(requestError));
      }
    } catch {
      fail(UNEXPECTED_ERROR);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return { submit, submitting, error };
}

import type { FormValues } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import {
  type CreateAppointmentRequestInput,
  createAppointmentRequest,
} from '@atrium/graphql-client/checkout';
import { type CardCollector, PAYMENT_FORM_NOT_READY, type TokenizedCard } from '@atrium/payment-forms';
import { completeBooking, emit } from '@atrium/stores';
import { type RefObject, useRef, useState } from 'react';
import { newIdempotencyKey } from './booking-payload';

/** Spec 8: submit's fallbacks. */
export const CREATE_APPOINTMENT_FAILED = 'Failed to create appointment. Please try again.';
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

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
  onBooked: (status: string) => void;
}

/**
 * Submitting the booking: once at a time, with one idempotency key for this checkout so that a
 * double click or a retried request creates one appointment. Errors show under the button.
 */
export function useSubmitBooking(parts: SubmitParts) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const busy = useRef(false);

  const submit = async () => {
    if (busy.current) return;
    setError(null);
    if (!parts.validate()) return focusFirstProblem();
    busy.current = true;
    setSubmitting(true);
    try {
      const personal = parts.personal();
      let paymentMethod: CreateAppointmentRequestInput['paymentMethod'];
      const { payment } = parts;
      if (payment.kind === 'saved') paymentMethod = { paymentInstrumentId: payment.paymentInstrumentId };
      if (payment.kind === 'new') {
        const card = payment.card.current;
        if (!card) return setError(PAYMENT_FORM_NOT_READY);
        try {
          paymentMethod = parts.identity(personal, await card.tokenize());
        } catch (cardError) {
          setError(cardError instanceof Error ? cardError.message : UNEXPECTED_ERROR);
          return;
        }
      }
      try {
        const result = await createAppointmentRequest({
          ...parts.request(personal),
          idempotencyKey: key.current,
          paymentMethod,
        });
        // To /success first: an emptied cart on /confirm would send the client back to /services.
        parts.onBooked(result.status);
        completeBooking();
        emit('booking:completed', { appointmentId: result.id });
        emit('toast', { type: 'success', message: 'Appointment created successfully' });
      } catch (requestError) {
        // A refused request is final for this key: a corrected one gets a new key.
        key.current = newIdempotencyKey();
        setError(serverMessage(requestError) ?? CREATE_APPOINTMENT_FAILED);
      }
    } catch {
      setError(UNEXPECTED_ERROR);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return { submit, submitting, error };
}

/** Takes the client to the first field that needs attention, once the page shows its message. */
function focusFirstProblem() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.scrollIntoView({ block: 'center' });
    field?.focus({ preventScroll: true });
  });
}

import {
  checkoutNoteAnswers,
  checkoutNotesGroups,
  PHONE_BOOKING_MESSAGES,
  type PhoneBookingClient,
  phoneBookingClientForm,
} from '@atrium/domain';
import type { Marketplace } from '@atrium/graphql-client';
import type { StaffBooking } from '@atrium/graphql-client/staff-phone-booking';
import { useNavigate } from '@atrium/navigation';
import type { CardCollector } from '@atrium/payment-forms';
import { emit } from '@atrium/stores';
import { focusFirstInvalid, useForm, useFormEngine } from '@atrium/ui/forms';
import { useCallback, useMemo, useRef, useState } from 'react';
import { requestStart } from '../requests/request-format';
import {
  type BookingDraft,
  type BookingPlaceChoice,
  emptyDraft,
  placeInput,
  procedureIds,
  type StepIndex,
  stepProblem,
} from './booking-draft';
import { type BookingRequest, useSubmitBooking } from './use-submit-booking';

const noNewClient = { givenName: '', familyName: '', email: '', phone: '' };
// Its rules need no date (no birth date is asked), so one copy serves every render.
const newClientRules = phoneBookingClientForm();

/** The toast after booking: who, when, and what the client was mailed. */
export function bookedMessage(booking: StaffBooking): { type: 'success' | 'warning'; message: string } {
  const what = `${booking.client.name} for ${requestStart(booking)}`;
  if (booking.status === 'BOOKED') {
    return { type: 'success', message: `Booked and confirmed ${what}. We mailed them the confirmation.` };
  }
  if (booking.confirmationFailure) {
    return { type: 'warning', message: `Booked ${what}, but not confirmed: ${booking.confirmationFailure}` };
  }
  return { type: 'success', message: `Booked ${what}. We mailed them that their request was received.` };
}

/** Requests on the booking's day (and its status when confirmed), where the new request shows. */
function requestsOf(marketplaceId: string, booking: StaffBooking, date: string): string {
  const status = booking.status === 'PENDING' ? '' : `status=${booking.status}&`;
  return `/${marketplaceId}/console/requests?${status}date=${date}`;
}

/** The booking as the API takes it, from the checked draft. */
function bookingRequest(
  draft: BookingDraft & { place: BookingPlaceChoice; time: string },
  client: BookingClient,
  checkoutNotes: BookingRequest['checkoutNotes'],
): BookingRequest {
  return {
    ...client,
    ...placeInput(draft.place),
    procedures: procedureIds(draft),
    date: draft.date,
    time: draft.time,
    checkoutNotes,
    notes: draft.notes.trim() || null,
    confirmNow: draft.confirmNow,
  };
}

type BookingClient = { clientId: string } | { newClient: PhoneBookingClient };

/**
 * The booking's state across its steps (the draft, the new client's form, the checkout notes, the
 * card form), each step's check before the next, and Book. A booked request opens Requests on its
 * day (and status), where it shows; a time taken meanwhile goes back to the times with the message.
 */
export function useBookingFlow(marketplaceId: string, marketplace: Marketplace) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<BookingDraft>(() => emptyDraft());
  const [step, setStep] = useState<StepIndex>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const newClient = useForm(newClientRules, noNewClient);
  const groups = useMemo(() => checkoutNotesGroups(marketplace.checkoutNotes), [marketplace.checkoutNotes]);
  const notesForm = useFormEngine(groups);
  const card = useRef<CardCollector>(null);
  const update = useCallback((next: Partial<BookingDraft>) => {
    setDraft((current) => ({ ...current, ...next }));
    setProblem(null);
  }, []);
  const submitter = useSubmitBooking(marketplaceId, {
    onBooked: (booking) => {
      emit('toast', bookedMessage(booking));
      navigate(requestsOf(marketplaceId, booking, draft.date));
    },
    onSlotTaken: (message) => {
      setDraft((current) => ({ ...current, time: null }));
      setStep(2);
      setProblem(message);
    },
  });
  const goTo = (next: StepIndex) => {
    setProblem(null);
    submitter.clearProblem();
    setStep(next);
  };

  /** Who the booking is for, once valid: a client found, or the new client's details. */
  const validClient = (): BookingClient | null => {
    if (draft.clientMode === 'new') {
      const details = newClient.validate();
      return details ? { newClient: details } : null;
    }
    if (draft.client) return { clientId: draft.client.id };
    setProblem(PHONE_BOOKING_MESSAGES.client);
    return null;
  };

  const next = () => {
    const found = step === 0 ? null : stepProblem(step, draft);
    setProblem(found);
    if ((step === 0 && !validClient()) || found) return focusFirstInvalid();
    goTo((step + 1) as StepIndex);
  };

  const book = () => {
    const client = validClient();
    const answers = notesForm.validate();
    if (!draft.payment) setProblem(PHONE_BOOKING_MESSAGES.payment);
    if (!client || !answers || !draft.payment || !draft.place || !draft.time) return focusFirstInvalid();
    const request = bookingRequest(
      { ...draft, place: draft.place, time: draft.time },
      client,
      checkoutNoteAnswers(marketplace.checkoutNotes, notesForm.normalized()),
    );
    void submitter.submit(request, draft.payment, card.current);
  };

  return {
    draft,
    update,
    step,
    goTo,
    next,
    book,
    problem,
    newClient,
    notesForm: { groups, ...notesForm },
    card,
    submitter,
  };
}

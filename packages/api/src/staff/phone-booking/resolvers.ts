import {
  anyCountryPhone,
  CHECKOUT_PERSONAL_MESSAGES,
  checkoutPersonalFields,
  homeAddress,
  notes,
  optional,
  PHONE_BOOKING_MESSAGES,
} from '@atrium/domain';
import { z } from 'zod';
import { bookingPlace, localDate, MarketplaceNotLiveError, SlotTakenError } from '../../checkout';
import type { Resolvers } from '../../generated/resolvers-types';
import { ForbiddenError, UnauthenticatedError } from '../../identity';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import { IdempotencyKeyReusedError } from '../../kernel/idempotency';
import {
  cardAuthenticationRequired,
  cardErrorMessage,
  cardInput,
  InvalidCardDetailsError,
  PaymentDeclinedError,
} from '../../payments';
import { staffBookingQuote, staffClientCards, staffCreateBooking } from './phone-booking';

/** The most services and add-ons one booking may hold (as at checkout). */
const maxProcedures = 50;

const refuse = (context: z.RefinementCtx, message: string): never => {
  context.addIssue({ code: 'custom', message });
  return z.NEVER;
};

const clientId = idInput('Client');
const procedures = z
  .array(idInput('Procedure'))
  .min(1, PHONE_BOOKING_MESSAGES.services)
  .max(maxProcedures, `Choose at most ${maxProcedures} services and add-ons.`)
  .transform((ids) => [...new Set(ids)]);
/** A clinic or the client's address, read as checkout reads them (and refused in its words). */
const placeFields = {
  organizationId: idInput('Organization').nullish(),
  address: z.nullish(homeAddress),
};
const place = <T extends { organizationId?: number | null; address?: z.output<typeof homeAddress> | null }>(
  input: T,
  context: z.RefinementCtx,
) => {
  if (input.organizationId == null && input.address == null)
    return refuse(context, PHONE_BOOKING_MESSAGES.place);
  const chosen = bookingPlace(input.organizationId, input.address);
  return 'problem' in chosen ? refuse(context, chosen.problem) : chosen;
};

/** A new client's details: checkout's rules for a guest, a phone of any country kept as at checkout. */
const newClient = (today: Date) => {
  const { givenName, familyName, email } = checkoutPersonalFields(today);
  return z.object({
    givenName,
    familyName,
    email: z.pipe(email, z.email(CHECKOUT_PERSONAL_MESSAGES.emailInvalid)),
    phone: anyCountryPhone({
      required: CHECKOUT_PERSONAL_MESSAGES.phone,
      invalid: CHECKOUT_PERSONAL_MESSAGES.phoneInvalid,
    }),
  });
};

const payment = z
  .object({
    paymentInstrumentId: idInput('Payment instrument').nullish(),
    card: z
      .object({ token: cardInput.shape.token, postalCode: cardInput.shape.identity.shape.postalCode })
      .nullish(),
    collectOnSite: z.boolean().nullish(),
  })
  .transform((input, context) => {
    const chosen = [
      input.paymentInstrumentId == null ? null : { paymentInstrumentId: input.paymentInstrumentId },
      input.card == null ? null : { card: { token: input.card.token, postalCode: input.card.postalCode } },
      input.collectOnSite ? { onSite: true as const } : null,
    ].filter((way) => way !== null);
    const [only, another] = chosen;
    if (!only) return refuse(context, PHONE_BOOKING_MESSAGES.payment);
    return another ? refuse(context, PHONE_BOOKING_MESSAGES.paymentBoth) : only;
  });

const bookingArgs = (today: Date) =>
  z.object({
    marketplaceId: marketplaceIdInput,
    input: z
      .object({
        idempotencyKey: z
          .string()
          .trim()
          .min(1, 'idempotencyKey is required.')
          .max(200, 'idempotencyKey must be at most 200 characters.'),
        clientId: clientId.nullish(),
        newClient: newClient(today).nullish(),
        ...placeFields,
        procedures,
        date: localDate,
        time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:mm, e.g. 09:30.'),
        payment,
        checkoutNotes: z
          .array(
            z.object({
              checkoutNoteId: idInput('Checkout note'),
              value: z.string().max(2000, 'A checkout note answer must be at most 2000 characters.'),
            }),
          )
          .max(100)
          .nullish(),
        notes: optional(notes),
        confirmNow: z.boolean().nullish(),
      })
      .transform((input, context) => {
        if (input.clientId != null && input.newClient != null) {
          return refuse(context, PHONE_BOOKING_MESSAGES.clientBoth);
        }
        const client =
          input.clientId != null
            ? { clientId: input.clientId }
            : input.newClient != null
              ? { newClient: input.newClient }
              : refuse(context, PHONE_BOOKING_MESSAGES.client);
        return {
          idempotencyKey: input.idempotencyKey,
          client,
          place: place(input, context),
          procedureIds: input.procedures,
          slot: { date: input.date, time: input.time },
          payment: input.payment,
          checkoutNotes: input.checkoutNotes ?? [],
          notes: input.notes,
          confirmNow: input.confirmNow ?? false,
        };
      }),
  });

const quoteArgs = z.object({
  marketplaceId: marketplaceIdInput,
  input: z
    .object({ clientId: clientId.nullish(), ...placeFields, procedures, collectOnSite: z.boolean() })
    .transform((input, context) => ({
      clientId: input.clientId ?? null,
      place: place(input, context),
      procedureIds: input.procedures,
      collectOnSite: input.collectOnSite,
    })),
});

const cardsArgs = z.object({ marketplaceId: marketplaceIdInput, clientId });

export const staffPhoneBookingResolvers: Resolvers = {
  Query: {
    staffClientCards: (_parent, args, { checkout, identity }) => {
      const input = parseInput(cardsArgs, args);
      return withPhoneBookingErrors(() =>
        staffClientCards({ ...checkout, session: identity.session }, input),
      );
    },
    staffBookingQuote: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, input } = parseInput(quoteArgs, args);
      return withPhoneBookingErrors(() =>
        staffBookingQuote({ ...checkout, session: identity.session }, { marketplaceId, ...input }),
      );
    },
  },
  Mutation: {
    staffCreateBooking: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, input } = parseInput(bookingArgs(checkout.clock()), args);
      return withPhoneBookingErrors(() =>
        staffCreateBooking({ ...checkout, session: identity.session }, { marketplaceId, ...input }),
      );
    },
  },
};

/**
 * The staff's errors (UNAUTHENTICATED, FORBIDDEN, SLOT_TAKEN, as withStaffErrors) and a booking's
 * (PAYMENT_DECLINED, CARD_AUTHENTICATION_REQUIRED, MARKETPLACE_NOT_LIVE, IDEMPOTENCY_KEY_REUSED, the
 * card form's message), in one list: SLOT_TAKEN is a kind of BAD_USER_INPUT, so the first match wins.
 */
const withPhoneBookingErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: SlotTakenError, code: 'SLOT_TAKEN' },
    { error: PaymentDeclinedError, code: 'PAYMENT_DECLINED' },
    { error: MarketplaceNotLiveError, code: 'MARKETPLACE_NOT_LIVE' },
    { error: IdempotencyKeyReusedError, code: 'IDEMPOTENCY_KEY_REUSED' },
    { error: InvalidCardDetailsError, code: 'BAD_USER_INPUT', message: cardErrorMessage },
    cardAuthenticationRequired,
  ]);

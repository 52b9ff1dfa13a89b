import { isRefundRequestKey, optional, REFUND_MESSAGES, reasonForClient } from '@atrium/domain';
import { differenceInCalendarDays, parseISO } from 'date-fns';
import { z } from 'zod';
import { appointmentId, localDate, SlotTakenError } from '../checkout';
import type { Resolvers } from '../generated/resolvers-types';
import { ForbiddenError, UnauthenticatedError } from '../identity';
import { parseInput, withServiceErrors } from '../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../kernel/id-input';
import { staffViewer } from './access';
import { staffAppointmentAction, staffRefundPayment } from './actions';
import { staffRequestPage, staffRequests } from './requests';
import { staffRescheduleAppointment, staffRescheduleOptions } from './reschedule';

/** The longest range of days one staffRequests call may ask for (two months of a schedule). */
const MAX_RANGE_DAYS = 62;

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const requestsArgs = marketplaceArgs.extend({
  filter: z
    .object({
      status: z.enum(['PENDING', 'BOOKED', 'COMPLETE', 'CANCELLED', 'NO_SHOW']).nullish(),
      clinicId: idInput('Clinic').nullish(),
      atHome: z.boolean().nullish(),
      date: localDate.nullish(),
      from: localDate.nullish(),
      to: localDate.nullish(),
    })
    .nullish()
    .refine((filter) => !filter?.from || !filter.to || filter.from <= filter.to, {
      error: 'The range must not end before it starts.',
    })
    .refine(
      (filter) =>
        !filter?.from ||
        !filter.to ||
        differenceInCalendarDays(parseISO(filter.to), parseISO(filter.from)) < MAX_RANGE_DAYS,
      { error: `The range may span at most ${MAX_RANGE_DAYS} days.` },
    )
    .transform((filter) => ({
      status: filter?.status ?? null,
      clinicId: filter?.clinicId ?? null,
      atHome: filter?.atHome ?? false,
      date: filter?.date ?? null,
      from: filter?.from ?? null,
      to: filter?.to ?? null,
    })),
});
const requestPageArgs = requestsArgs.extend({
  page: z
    .int({ error: 'The page must be a whole number of at least 1.' })
    .min(1, 'The page must be a whole number of at least 1.')
    .max(100_000),
});
const actionArgs = marketplaceArgs.extend({ id: appointmentId });
const declineArgs = actionArgs.extend({
  reason: reasonForClient,
});
/** A refund as staff ask for it: whole cents (the amount's rules are checked against the payment). */
const refundInput = z.object({
  amount: z.int({ error: REFUND_MESSAGES.amountFormat }),
  requestKey: z.string().refine(isRefundRequestKey, { error: REFUND_MESSAGES.requestKey }),
});
const toStaffRefund = (refund: z.infer<typeof refundInput>) => ({
  amountCents: refund.amount,
  requestKey: refund.requestKey,
});
const cancelArgs = actionArgs.extend({
  reason: optional(reasonForClient),
  refund: refundInput.nullish(),
});
const rescheduleOptionsArgs = actionArgs.extend({ date: localDate });
const rescheduleArgs = rescheduleOptionsArgs.extend({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter the time as HH:mm, e.g. 09:30.'),
  practitionerId: idInput('Practitioner'),
});
const refundArgs = marketplaceArgs.extend({
  paymentId: idInput('Payment'),
  refund: refundInput,
  reason: optional(reasonForClient),
});

export const staffResolvers: Resolvers = {
  Query: {
    staffViewer: (_parent, args, { db, identity }) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withStaffErrors(() => staffViewer({ db, session: identity.session }, marketplaceId));
    },
    staffRequests: (_parent, args, { db, identity }) => {
      const input = parseInput(requestsArgs, args);
      return withStaffErrors(() => staffRequests({ db, session: identity.session }, input));
    },
    staffRequestPage: (_parent, args, { db, identity }) => {
      const { page, ...input } = parseInput(requestPageArgs, args);
      return withStaffErrors(() => staffRequestPage({ db, session: identity.session }, { ...input, page }));
    },
    staffRescheduleOptions: async (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, date } = parseInput(rescheduleOptionsArgs, args);
      const options = await withStaffErrors(() =>
        staffRescheduleOptions(
          { ...checkout, session: identity.session },
          { marketplaceId, appointmentId: id, date },
        ),
      );
      return {
        timeZone: options.timeZone,
        practitioners: options.practitioners.map(({ id: practitionerId, name, times }) => ({
          practitioner: { id: String(practitionerId), name },
          times,
        })),
      };
    },
  },
  Mutation: {
    staffConfirmAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(actionArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'confirm', {
          marketplaceId,
          appointmentId: id,
        }),
      );
    },
    staffDeclineAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, reason } = parseInput(declineArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'decline', {
          marketplaceId,
          appointmentId: id,
          reason,
        }),
      );
    },
    staffCompleteAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(actionArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'complete', {
          marketplaceId,
          appointmentId: id,
        }),
      );
    },
    staffCancelAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, reason, refund } = parseInput(cancelArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'cancel', {
          marketplaceId,
          appointmentId: id,
          reason,
          refund: refund ? toStaffRefund(refund) : null,
        }),
      );
    },
    staffRescheduleAppointment: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id, date, time, practitionerId } = parseInput(rescheduleArgs, args);
      return withStaffErrors(() =>
        staffRescheduleAppointment(
          { ...checkout, session: identity.session },
          {
            marketplaceId,
            appointmentId: id,
            target: { date, time, practitionerId },
          },
        ),
      );
    },
    staffMarkNoShow: (_parent, args, { checkout, identity }) => {
      const { marketplaceId, id } = parseInput(actionArgs, args);
      return withStaffErrors(() =>
        staffAppointmentAction({ ...checkout, session: identity.session }, 'noShow', {
          marketplaceId,
          appointmentId: id,
        }),
      );
    },
    staffRefundPayment: async (_parent, args, { checkout, identity }) => {
      const { marketplaceId, paymentId, refund, reason } = parseInput(refundArgs, args);
      const outcome = await withStaffErrors(() =>
        staffRefundPayment(
          { ...checkout, session: identity.session },
          {
            marketplaceId,
            paymentId,
            refund: toStaffRefund(refund),
            reason: reason ?? null,
          },
        ),
      );
      return {
        paymentId: String(outcome.paymentId),
        refunded: outcome.refundedCents,
        left: outcome.leftCents,
      };
    },
  },
};

/**
 * withServiceErrors, plus UNAUTHENTICATED (signed out), FORBIDDEN (not staff, or not allowed) and
 * SLOT_TAKEN (a time taken meanwhile, so the page offers the times again).
 */
export const withStaffErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: SlotTakenError, code: 'SLOT_TAKEN' },
  ]);

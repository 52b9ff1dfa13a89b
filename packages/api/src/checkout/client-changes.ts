// A signed-in client changing their own visit from /profile (issue 29), where the marketplace allows it
// (Scheduling rules: online up to a cut-off; by phone only by default, as the spec says): the free
// times to move to and the move are staff's own (reschedule.ts, with the clients' booking rules), the
// cancellation is staff's cancelWithRefund giving back everything collected. Whose appointment it is,
// its status, the marketplace's choice and the cut-off are checked first, each refusal with its code.
import {
  type ClientChangePolicy,
  type ClientChangeRefusal,
  clientChangeWindow,
  DEFAULT_CLIENT_CHANGE_POLICY,
} from '@atrium/domain';
import { and, eq } from 'drizzle-orm';
import type { RequestSession } from '../identity';
import { findUserById, signInRequired, tenantOfMarketplace, UnauthenticatedError } from '../identity';
import type { Db } from '../kernel/database/database';
import { NotFoundError } from '../kernel/errors';
import { largestId } from '../kernel/id-input';
import { appointments, schedulingSettings } from '../scheduling';
import { cancelWithRefund } from './cancellation';
import type { AppointmentView } from './client-appointments';
import type { CheckoutPorts, OperatorDependencies } from './ports';
import { refundableConfirmationCharge } from './refunds';
import { clientMoveTimes, rescheduleAppointment } from './reschedule';

export const clientChangeMessages = {
  byPhone: 'This marketplace changes appointments by phone. Please call to reschedule or cancel.',
  cutoffPassed: 'Online changes to this appointment have closed. Please call to reschedule or cancel.',
  notChangeable: 'Only a pending or booked appointment can be rescheduled or cancelled.',
} as const;

/** A refusal the profile reacts to by its code (CHANGES_BY_PHONE, CHANGE_CUTOFF_PASSED, APPOINTMENT_NOT_CHANGEABLE). */
export class ClientChangeRefusedError extends Error {
  constructor(readonly refusal: ClientChangeRefusal) {
    super(clientChangeMessages[refusal]);
  }
}

export const clientChangeRefusalCodes: Record<ClientChangeRefusal, string> = {
  byPhone: 'CHANGES_BY_PHONE',
  cutoffPassed: 'CHANGE_CUTOFF_PASSED',
  notChangeable: 'APPOINTMENT_NOT_CHANGEABLE',
};

/** What a client may do with one of their appointments: change it online until `changeOnlineUntil`. */
export interface ClientChangeRights {
  canChangeOnline: boolean;
  /** ISO 8601; null when the marketplace changes visits by phone only. */
  changeOnlineUntil: string | null;
  /** What cancelling now would give back to the client's card (0 when nothing was collected). */
  cancellationRefundCents: number;
}

export interface ClientChangeInput {
  marketplaceId: number;
  appointmentId: number;
}

type ClientPorts = Pick<CheckoutPorts, 'db' | 'clock'> & { session: RequestSession };

/** How the marketplace lets clients change visits (its Scheduling rules; by phone when never set). */
export async function clientChangePolicy(db: Db, marketplaceId: number): Promise<ClientChangePolicy> {
  const [row] = await db
    .select({
      mode: schedulingSettings.clientChanges,
      cutoffHours: schedulingSettings.clientChangeCutoffHours,
    })
    .from(schedulingSettings)
    .where(eq(schedulingSettings.marketplaceId, marketplaceId));
  return row ?? DEFAULT_CLIENT_CHANGE_POLICY;
}

/** Each appointment of the profile's list with what the client may do with it, by the one rule. */
export async function withClientChangeRights(
  ports: Pick<CheckoutPorts, 'db' | 'clock'>,
  marketplaceId: number,
  views: AppointmentView[],
): Promise<(AppointmentView & ClientChangeRights)[]> {
  const policy = await clientChangePolicy(ports.db, marketplaceId);
  const now = ports.clock();
  return Promise.all(
    views.map(async (view) => {
      const window = clientChangeWindow(policy, { status: view.status, start: new Date(view.start) }, now);
      const canChangeOnline = window.refusal === null;
      return {
        ...view,
        canChangeOnline,
        changeOnlineUntil: window.until?.toISOString() ?? null,
        cancellationRefundCents: canChangeOnline ? await clientRefundCents(ports.db, Number(view.id)) : 0,
      };
    }),
  );
}

/**
 * The client's own appointment that they may change online now, with their email (the activity
 * log's actor). Another client's appointment, or one of another marketplace, is NOT_FOUND.
 */
export async function changeableOwnAppointment(ports: ClientPorts, input: ClientChangeInput) {
  const marketplace = await tenantOfMarketplace(ports.db, input.marketplaceId);
  const session = await ports.session.current();
  if (!session || session.mgId !== marketplace.mgId) throw new UnauthenticatedError(signInRequired);
  const notFound = new NotFoundError(`Appointment ${input.appointmentId} was not found.`);
  if (input.appointmentId > largestId) throw notFound;
  const [own] = await ports.db
    .select({ status: appointments.status, startsAt: appointments.startsAt })
    .from(appointments)
    .where(
      and(
        eq(appointments.id, input.appointmentId),
        eq(appointments.marketplaceId, input.marketplaceId),
        eq(appointments.clientUserId, session.userId),
      ),
    );
  if (!own) throw notFound;
  const policy = await clientChangePolicy(ports.db, input.marketplaceId);
  const { refusal } = clientChangeWindow(policy, { status: own.status, start: own.startsAt }, ports.clock());
  if (refusal) throw new ClientChangeRefusedError(refusal);
  const user = await findUserById(ports.db, session.userId);
  return { ...own, email: user?.email ?? `user ${session.userId}` };
}

/** The free times of a date the client may move their appointment to. */
export async function clientRescheduleTimes(
  ports: ClientPorts & Pick<CheckoutPorts, 'geocoder'>,
  input: ClientChangeInput & { date: string },
) {
  await changeableOwnAppointment(ports, input);
  return clientMoveTimes(ports, input.appointmentId, input.date);
}

/** Moves the client's appointment to a free time of `date` (SLOT_TAKEN when it was taken). */
export async function clientRescheduleAppointment(
  ports: ClientPorts & Pick<CheckoutPorts, 'geocoder' | 'notifications'>,
  input: ClientChangeInput & { date: string; time: string },
) {
  const own = await changeableOwnAppointment(ports, input);
  const moved = await rescheduleAppointment(
    ports,
    input.appointmentId,
    { date: input.date, time: input.time, practitionerId: null },
    'client',
  );
  return { ...moved, email: own.email };
}

/**
 * Cancels the client's appointment, first giving back everything collected for it (before the
 * cut-off the policy refunds it all). The refund's key is the appointment's own, so a retried or
 * concurrent cancel asks the processor for the same refund and the client is refunded once.
 */
export async function clientCancelAppointment(
  deps: OperatorDependencies & ClientPorts,
  input: ClientChangeInput,
) {
  const own = await changeableOwnAppointment(deps, input);
  const amountCents = await clientRefundCents(deps.db, input.appointmentId);
  const cancelled = await cancelWithRefund(deps, input.appointmentId, {
    reason: null,
    refund: { amountCents, requestKey: clientCancelKey(input.appointmentId), actor: own.email },
  });
  return { ...cancelled, email: own.email, startsAt: own.startsAt, previousStatus: own.status };
}

const clientCancelKey = (appointmentId: number) => `client-cancel-${appointmentId}`;

/**
 * What a client's cancellation gives back: what is left of the confirmation charge, not counting
 * what a first try of the same cancellation already asked for (so a retry, or a try racing it, states
 * the same amount).
 */
async function clientRefundCents(db: Db, appointmentId: number): Promise<number> {
  const charge = await refundableConfirmationCharge(db, appointmentId, clientCancelKey(appointmentId));
  return charge?.leftCents ?? 0;
}

// A client's own changes to a visit from /profile: checkout does the work (its rules, the move and the
// cancellation with refund); this context writes the activity log's row of it after it succeeds, with
// the client as the actor, so the front desk sees who changed what (checkout must not import staff).

import type { Geocoder } from '../../catalogue';
import {
  type ClientChangeInput,
  clientCancelAppointment,
  clientRescheduleAppointment,
  type OperatorDependencies,
} from '../../checkout';
import type { RequestSession } from '../../identity';
import { logActivity } from '../changes';

export type ClientChangeContext = OperatorDependencies & { session: RequestSession; geocoder: Geocoder };

export interface ClientAppointmentChange {
  id: string;
  status: 'PENDING' | 'BOOKED' | 'CANCELLED';
  start: string;
  refundedCents: number;
}

/** Moves the client's own appointment and records the move as theirs. */
export async function rescheduleOwnAppointment(
  context: ClientChangeContext,
  input: ClientChangeInput & { date: string; time: string },
): Promise<ClientAppointmentChange> {
  const moved = await clientRescheduleAppointment(context, input);
  await logActivity(
    context.db,
    {
      marketplaceId: input.marketplaceId,
      staffMemberId: null,
      actor: moved.email,
      action: 'appointment.clientReschedule',
    },
    {
      subject: `Appointment ${input.appointmentId}`,
      before: { start: moved.before.startsAt.toISOString(), practitionerId: moved.before.practitionerId },
      after: { start: moved.after.startsAt.toISOString(), practitionerId: moved.after.practitionerId },
    },
  );
  return {
    id: String(input.appointmentId),
    status: moved.status,
    start: moved.after.startsAt.toISOString(),
    refundedCents: 0,
  };
}

/** Cancels the client's own appointment (refunding what was collected) and records it as theirs. */
export async function cancelOwnAppointment(
  context: ClientChangeContext,
  input: ClientChangeInput,
): Promise<ClientAppointmentChange> {
  const cancelled = await clientCancelAppointment(context, input);
  await logActivity(
    context.db,
    {
      marketplaceId: input.marketplaceId,
      staffMemberId: null,
      actor: cancelled.email,
      action: 'appointment.clientCancel',
    },
    {
      subject: `Appointment ${input.appointmentId}`,
      before: { status: cancelled.previousStatus, start: cancelled.startsAt.toISOString() },
      after: { status: 'CANCELLED', refundedCents: cancelled.refundedCents },
    },
  );
  return {
    id: String(input.appointmentId),
    status: 'CANCELLED',
    start: cancelled.startsAt.toISOString(),
    refundedCents: cancelled.refundedCents,
  };
}

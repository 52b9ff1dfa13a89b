// Staff move a request or a booked appointment: the guard, checkout's own rescheduling (the times
// offered and the move come from the scheduling engine), then the activity log's row.
import {
  type OperatorAppointmentResult,
  type RescheduleOptions,
  type RescheduleTarget,
  rescheduleAppointment,
  rescheduleOptions,
} from '../checkout';
import { requireStaffOnAppointment } from './access';
import type { StaffActionContext } from './actions';
import { logActivity } from './changes';

type RescheduleContext = StaffActionContext & Parameters<typeof rescheduleAppointment>[0];

/** The free times of a day for the appointment, per practitioner (owner and front desk). */
export async function staffRescheduleOptions(
  context: RescheduleContext,
  input: { marketplaceId: number; appointmentId: number; date: string },
): Promise<RescheduleOptions> {
  await requireStaffOnAppointment(context, input.marketplaceId, input.appointmentId, 'rescheduleAppointment');
  return rescheduleOptions(context, input.appointmentId, input.date);
}

/** Moves the appointment and records who moved it from when to when. */
export async function staffRescheduleAppointment(
  context: RescheduleContext,
  input: { marketplaceId: number; appointmentId: number; target: RescheduleTarget },
): Promise<OperatorAppointmentResult> {
  const { marketplaceId, appointmentId } = input;
  const access = await requireStaffOnAppointment(
    context,
    marketplaceId,
    appointmentId,
    'rescheduleAppointment',
  );
  const moved = await rescheduleAppointment(context, appointmentId, input.target);
  await logActivity(
    context.db,
    {
      marketplaceId,
      staffMemberId: access.member.id,
      actor: access.member.email,
      action: 'appointment.reschedule',
    },
    {
      subject: `Appointment ${appointmentId}`,
      before: { start: moved.before.startsAt.toISOString(), practitionerId: moved.before.practitionerId },
      after: { start: moved.after.startsAt.toISOString(), practitionerId: input.target.practitionerId },
    },
  );
  return { id: String(appointmentId), status: moved.status, charged: 0, failureReason: null };
}

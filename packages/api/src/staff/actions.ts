// Staff actions on a request: the guard, then the marketplace's own operator services (checkout's
// operator actions), which charge, move the state and notify the client.
import type { StaffOperation } from '@atrium/domain';
import {
  cancelAppointment,
  completeAppointment,
  confirmAppointment,
  declineAppointment,
  type OperatorAppointmentResult,
  type OperatorDependencies,
} from '../checkout';
import type { RequestSession } from '../identity';
import { requireStaffOnAppointment } from './access';

export type StaffActionContext = OperatorDependencies & { session: RequestSession };

export interface StaffActionInput {
  marketplaceId: number;
  appointmentId: number;
  /** decline (required) and cancel: told to the client. */
  reason?: string | null;
}

type StaffAction = 'confirm' | 'decline' | 'complete' | 'cancel';

const operations: Record<StaffAction, StaffOperation> = {
  confirm: 'confirmAppointment',
  decline: 'declineAppointment',
  complete: 'completeAppointment',
  cancel: 'cancelAppointment',
};

/** Runs one action for a member whose role allows it on this appointment of this marketplace. */
export async function staffAppointmentAction(
  context: StaffActionContext,
  action: StaffAction,
  input: StaffActionInput,
): Promise<OperatorAppointmentResult> {
  const { marketplaceId, appointmentId } = input;
  await requireStaffOnAppointment(context, marketplaceId, appointmentId, operations[action]);
  switch (action) {
    case 'confirm':
      return confirmAppointment(context, appointmentId);
    case 'decline':
      return declineAppointment(context, appointmentId, input.reason ?? '');
    case 'complete':
      return completeAppointment(context, appointmentId);
    case 'cancel':
      return cancelAppointment(context, appointmentId, { reason: input.reason });
  }
}

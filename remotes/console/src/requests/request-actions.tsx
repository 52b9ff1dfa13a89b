import { hasStarted, type StaffRole, staffMay } from '@atrium/domain';
import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Button, HStack } from '@atrium/ui';
import type { RequestActions } from './use-request-actions';

/** What this staff member may do with the request in its present status (complete: once begun). */
export function allowedActions(request: StaffRequest, role: StaffRole, now = new Date()) {
  return {
    confirm: request.status === 'PENDING' && staffMay(role, 'confirmAppointment'),
    decline: request.status === 'PENDING' && staffMay(role, 'declineAppointment'),
    complete:
      request.status === 'BOOKED' && hasStarted(request.start, now) && staffMay(role, 'completeAppointment'),
    cancel: request.status === 'BOOKED' && staffMay(role, 'cancelAppointment'),
    noShow: request.status === 'BOOKED' && hasStarted(request.start, now) && staffMay(role, 'markNoShow'),
    move:
      (request.status === 'PENDING' || request.status === 'BOOKED') &&
      !hasStarted(request.start, now) &&
      staffMay(role, 'rescheduleAppointment'),
  };
}

/** The request's buttons, each named with the `subject` so that a list of requests tells them apart. */
export function RequestActionButtons({
  may,
  subject,
  actions,
}: {
  may: ReturnType<typeof allowedActions>;
  subject: string;
  actions: RequestActions;
}) {
  if (!Object.values(may).some(Boolean)) return null;
  return (
    <HStack gap="2" wrap="wrap">
      {may.confirm && (
        <Button
          onClick={actions.confirm}
          loading={actions.confirming}
          disabled={actions.busy}
          aria-label={`Confirm request of ${subject}`}
        >
          Confirm
        </Button>
      )}
      {may.decline && (
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => actions.ask('decline')}
          disabled={actions.busy}
          aria-label={`Decline request of ${subject}`}
        >
          Decline
        </Button>
      )}
      {may.complete && (
        <Button
          onClick={actions.complete}
          loading={actions.completing}
          disabled={actions.busy}
          aria-label={`Complete appointment of ${subject}`}
        >
          Complete
        </Button>
      )}
      {may.move && (
        <Button
          variant="outline"
          onClick={() => actions.startMove(true)}
          disabled={actions.busy}
          aria-label={`Move appointment of ${subject}`}
        >
          Move
        </Button>
      )}
      {may.noShow && (
        <Button
          variant="outline"
          onClick={() => actions.askNoShow(true)}
          disabled={actions.busy}
          aria-label={`Mark no-show for appointment of ${subject}`}
        >
          Mark no-show
        </Button>
      )}
      {may.cancel && (
        <Button
          variant="outline"
          colorPalette="red"
          onClick={() => actions.ask('cancel')}
          disabled={actions.busy}
          aria-label={`Cancel appointment of ${subject}`}
        >
          Cancel
        </Button>
      )}
    </HStack>
  );
}

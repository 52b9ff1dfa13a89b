import { formatCents } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import { type ProfileAppointment, useClientCancelAppointment } from '@atrium/graphql-client/account';
import { Button, Flex, Stack, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { useState } from 'react';
import { notify } from '../shared/notify';
import { appointmentWhen, ONLINE_CHANGES_CLOSED_CODES, refundPromise } from './appointment-rules';

interface CancelDialogProps {
  marketplaceId: string;
  appointment: ProfileAppointment;
  open: boolean;
  onClose: () => void;
}

/**
 * Asks before cancelling the client's own appointment, saying what will be refunded (everything
 * collected; nothing said when nothing was); only then cancels, and a toast says it was done. A
 * refusal that closes online changes (the cut-off passed meanwhile) is said, and Cancel stops.
 */
export function CancelAppointmentDialog({ marketplaceId, appointment, open, onClose }: CancelDialogProps) {
  const cancel = useClientCancelAppointment();
  const [problem, setProblem] = useState<{ message: string; closed: boolean } | null>(null);
  const when = appointmentWhen(appointment);
  const refund = refundPromise(appointment.cancellationRefundCents);

  const confirm = async () => {
    try {
      const done = await cancel.mutateAsync({ marketplaceId, id: appointment.id });
      const refunded =
        done.refundedCents > 0 ? ` We refunded ${formatCents(done.refundedCents)} to your card.` : '';
      notify('success', `Your appointment was cancelled.${refunded}`);
      onClose();
    } catch (error) {
      setProblem({
        message: errorMessage(error),
        closed: ONLINE_CHANGES_CLOSED_CODES.includes(errorCode(error) ?? ''),
      });
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => !cancel.isPending && onClose()}
      role="alertdialog"
      title="Cancel appointment"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={onClose} disabled={cancel.isPending}>
            Keep appointment
          </Button>
          <Button
            colorPalette="red"
            loading={cancel.isPending}
            onClick={confirm}
            disabled={problem?.closed ?? false}
          >
            Cancel appointment
          </Button>
        </Flex>
      }
    >
      <Stack gap="3">
        <Text>
          Cancel your appointment on {when.date}, {when.time}?
        </Text>
        {refund && <Text fontWeight="medium">{refund}</Text>}
        {problem && (
          <Text role="alert" color="fg.error">
            {problem.message}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

import { Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';

export interface LiveChange {
  title: string;
  message: string;
  confirmLabel: string;
  run: () => Promise<void>;
}

/** Asks before opening the marketplace to clients, or closing it. */
export function LiveConfirmDialog({
  change,
  pending,
  onClose,
}: {
  change: LiveChange | null;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={change !== null}
      onClose={onClose}
      role="alertdialog"
      title={change?.title ?? ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Back
          </Button>
          <Button loading={pending} onClick={() => change?.run()}>
            {change?.confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{change?.message}</Text>
    </Modal>
  );
}

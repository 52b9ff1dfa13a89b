import { Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';

export interface ConfirmChange {
  /** 'Make catalog c0ffee123456 live?', 'Mark as a no-show?' */
  title: string;
  /** What it changes, for whom. */
  message: string;
  /** The button that does it: 'Make live'. */
  confirmLabel: string;
  run: () => Promise<void>;
}

/** Asks before a change that is not undone by the next click (a release made live, a no-show marked). */
export function ConfirmDialog({
  change,
  pending,
  onClose,
}: {
  change: ConfirmChange | null;
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

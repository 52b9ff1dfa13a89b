import { Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';

export interface Removal {
  /** 'Remove Glow Midtown?' */
  title: string;
  message: string;
  run: () => void;
}

/** Asks before something is removed for good. */
export function ConfirmRemove({
  removal,
  pending,
  onClose,
}: {
  removal: Removal | null;
  pending: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      open={removal !== null}
      onClose={onClose}
      role="alertdialog"
      title={removal?.title ?? ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Keep it
          </Button>
          <Button colorPalette="red" loading={pending} onClick={() => removal?.run()}>
            Remove
          </Button>
        </>
      }
    >
      <Text>{removal?.message}</Text>
    </Modal>
  );
}

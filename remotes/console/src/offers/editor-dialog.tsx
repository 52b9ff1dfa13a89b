import { Alert, Button, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { type ReactNode, useEffect, useState } from 'react';

/** Warns before the page is left (reload, closing the tab) while `dirty`. */
export function useLeaveWarning(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

interface EditorDialogProps {
  open: boolean;
  title: string;
  /** The form's id, so the dialog's Save button submits it. */
  formId: string;
  submitLabel: string;
  /** Changed since it was opened: closing asks before the changes are lost. */
  dirty: boolean;
  pending: boolean;
  /** What the server refused the whole form for. */
  formError: string | null;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An offer's editor in a dialog. Closing it (Cancel, Escape, the close button) with unsaved changes
 * asks first; leaving the page warns too.
 */
export function EditorDialog({
  open,
  title,
  formId,
  submitLabel,
  dirty,
  pending,
  formError,
  onClose,
  children,
}: EditorDialogProps) {
  const [asking, setAsking] = useState(false);
  useLeaveWarning(open && dirty);
  const close = () => (dirty ? setAsking(true) : onClose());
  return (
    <>
      <Modal
        open={open && !asking}
        onClose={close}
        title={title}
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              {submitLabel}
            </Button>
          </>
        }
      >
        {formError && (
          <Alert.Root status="error" mb="4">
            <Alert.Indicator />
            <Alert.Title>{formError}</Alert.Title>
          </Alert.Root>
        )}
        {children}
      </Modal>
      <Modal
        open={open && asking}
        role="alertdialog"
        onClose={() => setAsking(false)}
        title="Discard your changes?"
        footer={
          <>
            <Button variant="outline" onClick={() => setAsking(false)}>
              Keep editing
            </Button>
            <Button
              colorPalette="red"
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              Discard changes
            </Button>
          </>
        }
      >
        <Text>What you changed in “{title}” has not been saved.</Text>
      </Modal>
    </>
  );
}

/** Asks before retiring an offer. */
export function RetireDialog({
  subject,
  message,
  pending,
  onConfirm,
  onClose,
}: {
  /** 'Retire “Glow Club”?', or null when closed. */
  subject: string | null;
  message: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={subject !== null}
      onClose={onClose}
      role="alertdialog"
      title={subject ?? ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Back
          </Button>
          <Button colorPalette="red" loading={pending} onClick={onConfirm}>
            Retire
          </Button>
        </>
      }
    >
      <Text>{message}</Text>
    </Modal>
  );
}

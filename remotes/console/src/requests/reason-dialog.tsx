import { Button, Text } from '@atrium/ui';
import { Field, Textarea } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useId, useState } from 'react';

/** The API's limit on a reason told to the client. */
export const REASON_MAX_LENGTH = 500;
export const REASON_REQUIRED = 'Enter a reason: the client is told it.';
export const REASON_TOO_LONG = `The reason must be at most ${REASON_MAX_LENGTH} characters.`;

/** The one problem with a reason, or null. */
export function checkReason(reason: string): string | null {
  const trimmed = reason.trim();
  if (trimmed === '') return REASON_REQUIRED;
  if (trimmed.length > REASON_MAX_LENGTH) return REASON_TOO_LONG;
  return null;
}

interface ReasonDialogProps {
  open: boolean;
  /** 'Decline the request', 'Cancel the appointment'. */
  title: string;
  /** What the action is about: the client and the time. */
  subject: string;
  /** The button that sends it: 'Decline request'. */
  submitLabel: string;
  pending: boolean;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason a request is declined or an appointment cancelled (required, told to the client). */
export function ReasonDialog({
  open,
  title,
  subject,
  submitLabel,
  pending,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReason(reason);
    setProblem(found);
    if (!found) onSubmit(reason.trim());
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={pending} colorPalette="red">
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Text mb="3">{subject}</Text>
        <Field.Root invalid={problem !== null} required>
          <Field.Label>
            Reason <Field.RequiredIndicator />
          </Field.Label>
          <Textarea
            value={reason}
            rows={4}
            maxLength={REASON_MAX_LENGTH + 100}
            onChange={(event) => {
              setReason(event.target.value);
              if (problem) setProblem(checkReason(event.target.value));
            }}
          />
          {problem ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>The client is told this reason.</Field.HelperText>
          )}
        </Field.Root>
      </form>
    </Modal>
  );
}

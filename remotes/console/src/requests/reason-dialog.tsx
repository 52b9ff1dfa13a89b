import { REASON_MAX_LENGTH, REASON_MESSAGES, reasonForClient } from '@atrium/domain';
import { Button, Text } from '@atrium/ui';
import { Field, Textarea } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useId, useState } from 'react';

export const REASON_REQUIRED = REASON_MESSAGES.required;

/** The one problem with a reason (the API's own rule), or null. */
export function checkReason(reason: string): string | null {
  const checked = reasonForClient.safeParse(reason);
  return checked.success ? null : (checked.error.issues[0]?.message ?? REASON_MESSAGES.required);
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

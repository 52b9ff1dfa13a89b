import { REASON_MAX_LENGTH, REASON_MESSAGES, reasonForClient } from '@atrium/domain';
import { Button, Stack, Text } from '@atrium/ui';
import { Field, Textarea } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useId, useState } from 'react';
import { CancellationRefundChoice, centsText, chosenRefund, type RefundChoice } from './refund-fields';

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
  /** Cancel: cents of the confirmation charge that may be given back (the refund choice shows when > 0). */
  refundableCents?: number;
  /** The reason, and the cents to refund first (0: none). */
  onSubmit: (reason: string, refundCents: number) => void;
  onClose: () => void;
}

/**
 * Asks for the reason a request is declined or an appointment cancelled (required, told to the client),
 * and, when cancelling a visit that was charged, what to refund (everything by default).
 */
export function ReasonDialog({
  open,
  title,
  subject,
  submitLabel,
  pending,
  refundableCents = 0,
  onSubmit,
  onClose,
}: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [choice, setChoice] = useState<RefundChoice>('all');
  const [amount, setAmount] = useState(() => centsText(refundableCents));
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkReason(reason);
    const refund =
      refundableCents > 0 ? chosenRefund(choice, amount, refundableCents) : { cents: 0, problem: null };
    setProblem(found);
    setAmountProblem(refund.problem);
    if (!found && refund.cents !== null) onSubmit(reason.trim(), refund.cents);
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
        {refundableCents > 0 && (
          <Stack as="fieldset" gap="2" mt="4">
            <Text as="legend" fontWeight="semibold" mb="2">
              Refund
            </Text>
            <CancellationRefundChoice
              leftCents={refundableCents}
              choice={choice}
              amount={amount}
              problem={amountProblem}
              onChoice={setChoice}
              onAmount={(value) => {
                setAmount(value);
                if (amountProblem) setAmountProblem(chosenRefund('part', value, refundableCents).problem);
              }}
            />
          </Stack>
        )}
      </form>
    </Modal>
  );
}

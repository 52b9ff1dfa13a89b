import { formatCents, refundFieldValue } from '@atrium/domain';
import type { StaffPayment } from '@atrium/graphql-client/staff';
import { Button, Stack, Text } from '@atrium/ui';
import { Field, Textarea } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useId, useState } from 'react';
import { checkReason } from './reason-dialog';
import { centsText, RefundAmountField } from './refund-fields';
import { paymentLabel } from './request-format';

interface RefundDialogProps {
  payment: StaffPayment;
  /** The client and the time. */
  subject: string;
  pending: boolean;
  onSubmit: (cents: number, reason: string | null) => void;
  onClose: () => void;
}

/** Asks how much of a payment to give back (all that is left by default) and why (optional, told to the client). */
export function RefundDialog({ payment, subject, pending, onSubmit, onClose }: RefundDialogProps) {
  const left = payment.refundable;
  const [amount, setAmount] = useState(() => centsText(left));
  const [reason, setReason] = useState('');
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const [reasonProblem, setReasonProblem] = useState<string | null>(null);
  const formId = useId();
  const checked = refundFieldValue(amount, left);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const reasonCheck = reason.trim() ? checkReason(reason) : null;
    setAmountProblem(checked.problem);
    setReasonProblem(reasonCheck);
    if (checked.cents !== null && !reasonCheck) onSubmit(checked.cents, reason.trim() || null);
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={`Refund the ${paymentLabel(payment).toLowerCase()}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Back
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {checked.cents === null ? 'Refund' : `Refund ${formatCents(checked.cents)}`}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          <Text>{subject}</Text>
          <Text>
            Charged {formatCents(payment.amount)}
            {payment.refunded > 0 ? `, ${formatCents(payment.refunded)} refunded so far` : ''}.
          </Text>
          <RefundAmountField
            value={amount}
            leftCents={left}
            problem={amountProblem}
            onChange={(value) => {
              setAmount(value);
              if (amountProblem) setAmountProblem(refundFieldValue(value, left).problem);
            }}
          />
          <Field.Root invalid={reasonProblem !== null}>
            <Field.Label>Reason</Field.Label>
            <Textarea value={reason} rows={3} onChange={(event) => setReason(event.target.value)} />
            {reasonProblem ? (
              <Field.ErrorText>{reasonProblem}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                Optional. The client's mail states the amount and this reason.
              </Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      </form>
    </Modal>
  );
}

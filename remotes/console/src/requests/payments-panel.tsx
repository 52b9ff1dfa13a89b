import { formatCents } from '@atrium/domain';
import type { StaffPayment, StaffRequest } from '@atrium/graphql-client/staff';
import { Badge, Box, Button, Flex, Heading, Stack, Text } from '@atrium/ui';
import { paymentLabel, paymentStatusLabels, paymentTime } from './request-format';

const statusPalettes: Record<StaffPayment['status'], string> = {
  PENDING: 'gray',
  REQUIRES_ACTION: 'orange',
  SUCCEEDED: 'green',
  FAILED: 'red',
  REFUNDED: 'gray',
};

/**
 * Every charge attempt of a request (failed ones too: their reason, when and by whom) with the refunds
 * made of it, and a Refund button on what may still be given back when the member may refund.
 */
export function PaymentsPanel({
  request,
  subject,
  canRefund,
  onRefund,
}: {
  request: StaffRequest;
  subject: string;
  canRefund: boolean;
  onRefund: (payment: StaffPayment) => void;
}) {
  if (request.payments.length === 0) return null;
  const headingId = `payments-${request.id}`;
  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading as="h3" size="sm" id={headingId} mb="2">
        Payments
      </Heading>
      <Stack as="ul" gap="3" listStyleType="none" ps="0">
        {request.payments.map((payment) => (
          <Box as="li" key={payment.id}>
            <Flex justify="space-between" align="center" gap="2" wrap="wrap">
              <Text>
                {paymentLabel(payment)}: {formatCents(payment.amount)}{' '}
                <Badge colorPalette={statusPalettes[payment.status]}>
                  {paymentStatusLabels[payment.status]}
                </Badge>
              </Text>
              {canRefund && payment.refundable > 0 && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onRefund(payment)}
                  aria-label={`Refund ${paymentLabel(payment).toLowerCase()} of ${subject}`}
                >
                  Refund
                </Button>
              )}
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              {paymentTime(payment.attemptedAt, request.timeZone)}
              {payment.attemptedBy ? ` · by ${payment.attemptedBy}` : ''}
            </Text>
            {payment.status === 'FAILED' && payment.failureReason && (
              <Text fontSize="sm" color="fg.error">
                {payment.failureReason}
              </Text>
            )}
            {payment.refunds.map((refund) => (
              <Text key={refund.id} fontSize="sm">
                {refundLine(refund, request.timeZone)}
              </Text>
            ))}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

function refundLine(refund: StaffPayment['refunds'][number], timeZone: string): string {
  const what =
    refund.status === 'SUCCEEDED'
      ? `Refunded ${formatCents(refund.amount)}`
      : refund.status === 'PENDING'
        ? `Refund of ${formatCents(refund.amount)} in progress`
        : `Refund of ${formatCents(refund.amount)} refused: ${refund.failureReason ?? ''}`;
  const by = refund.refundedBy ? ` · by ${refund.refundedBy}` : '';
  const why = refund.reason ? ` · ${refund.reason}` : '';
  return `${what} · ${paymentTime(refund.at, timeZone)}${by}${why}`;
}

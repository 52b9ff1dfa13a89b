import { cardLabel, formatCents } from '@atrium/domain';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '@atrium/graphql-client';
import {
  type ProfilePayment,
  type ProfilePaymentStatus,
  useProfilePayments,
} from '@atrium/graphql-client/account';
import { Badge, Button, Card, Flex, Heading, RetryAlert, Skeleton, Stack, Text } from '@atrium/ui';
import { format } from 'date-fns';
import { useId } from 'react';

export const NO_PAYMENTS = 'No payments yet.';
/** What a failed load says when the server gave no message of its own. */
export const PAYMENTS_LOAD_FAILED = 'There was an issue with retrieving your payments';

const STATUS: Record<ProfilePaymentStatus, { label: string; palette: string }> = {
  PAID: { label: 'Paid', palette: 'green' },
  PARTLY_REFUNDED: { label: 'Partly refunded', palette: 'blue' },
  REFUNDED: { label: 'Refunded', palette: 'blue' },
  PENDING: { label: 'Pending', palette: 'orange' },
  FAILED: { label: 'Failed', palette: 'red' },
};

const loadFailed = (error: unknown) => {
  const message = errorMessage(error);
  return message === GENERIC_ERROR_MESSAGE ? PAYMENTS_LOAD_FAILED : message;
};

/**
 * The client's payment history at this marketplace (below the wallet's cards): each charge and
 * refund with its date, amount, card, what it was for and how it stands, newest first, ten at a time
 * with 'Show older payments'. A failed load says so in place with Try again.
 */
export function PaymentHistory({ marketplaceId }: { marketplaceId: string }) {
  const payments = useProfilePayments(marketplaceId);
  const headingId = useId();
  let body: React.ReactNode;
  if (payments.isPending) {
    body = (
      <Stack gap="3" role="status" aria-label="Loading your payments">
        <Skeleton height="20" />
        <Skeleton height="20" />
      </Stack>
    );
  } else if (payments.isError && !payments.data) {
    body = (
      <RetryAlert
        message={loadFailed(payments.error)}
        onRetry={() => payments.refetch()}
        retrying={payments.isFetching}
      />
    );
  } else {
    const list = payments.data.pages.flatMap((page) => page.payments);
    body =
      list.length === 0 ? (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted">{NO_PAYMENTS}</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <Stack as="ul" gap="3" listStyleType="none" aria-labelledby={headingId}>
            {list.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </Stack>
          {payments.isFetchNextPageError ? (
            <RetryAlert
              message={loadFailed(payments.error)}
              onRetry={() => payments.fetchNextPage()}
              retrying={payments.isFetchingNextPage}
            />
          ) : (
            payments.hasNextPage && (
              <Button
                variant="outline"
                alignSelf="start"
                loading={payments.isFetchingNextPage}
                loadingText="Show older payments"
                onClick={() => payments.fetchNextPage()}
              >
                Show older payments
              </Button>
            )
          )}
        </>
      );
  }
  return (
    <Stack as="section" gap="4" mt="8" aria-labelledby={headingId}>
      <Heading as="h2" size="lg" id={headingId}>
        Payment history
      </Heading>
      {body}
    </Stack>
  );
}

function PaymentRow({ payment }: { payment: ProfilePayment }) {
  const status = STATUS[payment.status];
  const what = payment.kind === 'REFUND' ? 'Refund' : 'Payment';
  return (
    <Card.Root as="li">
      <Card.Body>
        <Flex justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="1" minW="0" flex="1">
            <Text fontWeight="semibold">
              {what} of {formatCents(payment.amount)}
            </Text>
            <Text>{payment.description}</Text>
            <Text fontSize="sm" color="fg.muted">
              {format(new Date(payment.date), 'MMM d, yyyy')} ·{' '}
              {payment.card ? cardLabel(payment.card) : 'No card on record'}
            </Text>
            {payment.status === 'PARTLY_REFUNDED' && (
              <Text fontSize="sm">{formatCents(payment.refunded)} refunded</Text>
            )}
          </Stack>
          <Badge colorPalette={status.palette} variant="subtle">
            {status.label}
          </Badge>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

import { formatCents } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import {
  completePaymentAuthentication,
  type PaymentAuthentication,
  usePaymentAuthentication,
  usePaymentProcessor,
} from '@atrium/graphql-client/checkout';
import { Link as RouterLink, useParams, useSearchParams } from '@atrium/navigation';
import { CardAuthenticationFailedError, useCardChallenge } from '@atrium/payment-forms';
import { Alert, Button, Card, Flex, PageHeading, Skeleton, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { cardReplacedMessage, ReplaceCardForm } from './replace-card-form';

export const PAYMENT_LINK_FAILED = 'There was an issue with retrieving the payment. Please try again.';
export const PAYMENT_AUTHENTICATED = 'Payment authenticated. Your appointment is booked.';

/**
 * /{marketplaceId}/payment/authenticate?token=… (from the mail sent when a marketplace confirmed an
 * appointment whose charge the client's bank wants authenticated): runs the card's 3-D Secure
 * challenge for that payment, then has the API ask the processor how it went. The API books the
 * appointment only when the processor says the payment succeeded; the page shows the outcome.
 */
export function PaymentAuthenticationPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const payment = usePaymentAuthentication(token);
  const processor = usePaymentProcessor();
  const challenge = useCardChallenge(processor.data);
  const attempt = useAuthenticationAttempt(token, challenge.authenticate);
  const current = attempt.outcome ?? payment.data;

  return (
    <Stack gap="6" maxW="2xl">
      <PageHeading mb="0">
        {current?.status === 'FAILED' ? 'Your Payment' : 'Authenticate Payment'}
      </PageHeading>
      {challenge.dialog}
      {!token ? (
        <Alert.Root status="error">
          <Alert.Title>This payment link is not valid. Please use the link in your latest email.</Alert.Title>
        </Alert.Root>
      ) : payment.isPending ? (
        <Skeleton height="32" />
      ) : payment.isError || !current ? (
        <Alert.Root status="error" role="alert">
          <Alert.Title>{serverMessage(payment.error) ?? PAYMENT_LINK_FAILED}</Alert.Title>
        </Alert.Root>
      ) : (
        <PaymentCard payment={current} attempt={attempt} token={token} />
      )}
    </Stack>
  );
}

/**
 * Authenticating the payment: the bank's challenge, then the API's word on how it went (recorded
 * whatever the client answered the bank).
 */
function useAuthenticationAttempt(token: string | null, challenge: (clientSecret: string) => Promise<void>) {
  const [outcome, setOutcome] = useState<PaymentAuthentication | null>(null);
  const [replaced, setReplaced] = useState(false);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const authenticate = async (clientSecret: string | null | undefined) => {
    if (!token || !clientSecret || working) return;
    setWorking(true);
    setProblem(null);
    try {
      try {
        await challenge(clientSecret);
      } catch (error) {
        // The bank's answer is recorded either way; the API tells what it was.
        if (!(error instanceof CardAuthenticationFailedError)) throw error;
      }
      setOutcome(await completePaymentAuthentication(token));
    } catch (error) {
      setProblem(serverMessage(error) ?? PAYMENT_LINK_FAILED);
    } finally {
      setWorking(false);
    }
  };

  /** The client added another card for a refused charge: the page shows the API's answer. */
  const cardReplaced = (payment: PaymentAuthentication) => {
    setReplaced(true);
    setOutcome(payment);
  };

  return { outcome, working, problem, authenticate, replaced, cardReplaced };
}

interface PaymentCardProps {
  payment: PaymentAuthentication;
  attempt: ReturnType<typeof useAuthenticationAttempt>;
  token: string;
}

/** The payment as it stands: to authenticate, authenticated, or failed, and where to go next. */
function PaymentCard({ payment, attempt, token }: PaymentCardProps) {
  const { marketplaceId = '' } = useParams();
  return (
    <Card.Root>
      <Card.Body gap="4">
        {payment.status === 'REQUIRES_ACTION' && (
          <>
            <Text>
              {payment.marketplaceName} is confirming your appointment. Your bank asks you to authenticate the
              payment of {formatCents(payment.amount)} before it goes through.
            </Text>
            <Button
              alignSelf="start"
              onClick={() => attempt.authenticate(payment.clientSecret)}
              loading={attempt.working}
              loadingText="Authenticating"
            >
              Authenticate payment
            </Button>
          </>
        )}
        {payment.status === 'SUCCEEDED' && (
          <Text role="status" fontWeight="semibold">
            {PAYMENT_AUTHENTICATED}
          </Text>
        )}
        {payment.status === 'FAILED' && !payment.cardReplaced && (
          <Stack gap="2" role="alert">
            <Text fontWeight="semibold">
              The payment of {formatCents(payment.amount)} did not go through.
            </Text>
            {payment.failureReason && <Text>{payment.failureReason}</Text>}
            <Text>
              {payment.canReplaceCard
                ? `Your appointment is not booked yet. Add another card and ${payment.marketplaceName} will confirm it.`
                : `Your appointment is not booked yet; ${payment.marketplaceName} will be in touch.`}
            </Text>
          </Stack>
        )}
        {payment.status === 'FAILED' && payment.canReplaceCard && (
          <ReplaceCardForm token={token} onReplaced={attempt.cardReplaced} />
        )}
        {payment.status === 'FAILED' && payment.cardReplaced && (
          <Text role={attempt.replaced ? 'status' : undefined} fontWeight="semibold">
            {cardReplacedMessage(payment.marketplaceName)}
          </Text>
        )}
        {attempt.problem && (
          <Text role="alert" color="fg.error">
            {attempt.problem}
          </Text>
        )}
        {payment.status !== 'REQUIRES_ACTION' && !payment.canReplaceCard && (
          <Flex gap="3" wrap="wrap">
            <Button asChild variant="outline">
              <RouterLink to={`/${marketplaceId}/profile`}>View Appointment Status</RouterLink>
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

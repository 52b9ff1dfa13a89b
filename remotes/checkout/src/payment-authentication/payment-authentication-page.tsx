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

export const PAYMENT_LINK_FAILED = 'There was an issue with retrieving the payment. Please try again.';
export const PAYMENT_AUTHENTICATED = 'Payment authenticated. Your appointment is booked.';

/**
 * /{marketplaceId}/payment/authenticate?token=… (from the mail sent when a marketplace confirmed an
 * appointment whose charge the client's bank wants authenticated): runs the card's 3-D Secure
 * challenge for that payment, then has the API ask the processor how it went. The API books the
 * appointment only when the processor says the payment succeeded; the page shows the outcome.
 */
export function PaymentAuthenticationPage() {
  const { marketplaceId = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token');
  const payment = usePaymentAuthentication(token);
  const processor = usePaymentProcessor();
  const challenge = useCardChallenge(processor.data);
  const [outcome, setOutcome] = useState<PaymentAuthentication | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const current = outcome ?? payment.data;

  const authenticate = async () => {
    if (!token || !current?.clientSecret || working) return;
    setWorking(true);
    setProblem(null);
    try {
      try {
        await challenge.authenticate(current.clientSecret);
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

  return (
    <Stack gap="6" maxW="2xl">
      <PageHeading mb="0">Authenticate Payment</PageHeading>
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
        <Card.Root>
          <Card.Body gap="4">
            {current.status === 'REQUIRES_ACTION' && (
              <>
                <Text>
                  {current.marketplaceName} is confirming your appointment. Your bank asks you to authenticate
                  the payment of {formatCents(current.amount)} before it goes through.
                </Text>
                <Button
                  alignSelf="start"
                  onClick={authenticate}
                  loading={working}
                  loadingText="Authenticating"
                >
                  Authenticate payment
                </Button>
              </>
            )}
            {current.status === 'SUCCEEDED' && (
              <Text role="status" fontWeight="semibold">
                {PAYMENT_AUTHENTICATED}
              </Text>
            )}
            {current.status === 'FAILED' && (
              <Stack gap="2" role="alert">
                <Text fontWeight="semibold">
                  The payment of {formatCents(current.amount)} did not go through.
                </Text>
                {current.failureReason && <Text>{current.failureReason}</Text>}
                <Text>Your appointment is not booked yet; {current.marketplaceName} will be in touch.</Text>
              </Stack>
            )}
            {problem && (
              <Text role="alert" color="fg.error">
                {problem}
              </Text>
            )}
            {current.status !== 'REQUIRES_ACTION' && (
              <Flex gap="3" wrap="wrap">
                <Button asChild variant="outline">
                  <RouterLink to={`/${marketplaceId}/profile`}>View Appointment Status</RouterLink>
                </Button>
              </Flex>
            )}
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}

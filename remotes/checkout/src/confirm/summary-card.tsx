import { serverMessage } from '@atrium/graphql-client';
import type { CheckoutSummary, ValidatePromoCodeInput } from '@atrium/graphql-client/checkout';
import { Link as RouterLink } from '@atrium/navigation';
import { Alert, Button, Card, Heading, Link, RetryAlert, Skeleton, Stack } from '@atrium/ui';
import { PromoCodeField } from './promo-code-field';
import { DueNow, SummaryLines } from './summary-lines';
import { type TipChoice, TipSelector } from './tip-selector';
import { type BookingError, SLOT_TAKEN } from './use-submit-booking';

/** When the summary cannot be had and the server says nothing better. */
export const SUMMARY_FAILED = 'Unable to calculate checkout summary. Please try again or contact support.';

interface SummaryCardProps {
  summary: {
    data: CheckoutSummary | undefined;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  dueCents: number;
  tip: TipChoice;
  onTip: (choice: TipChoice) => void;
  promoContext: Omit<ValidatePromoCodeInput, 'code'>;
  submission: { submit: () => void; submitting: boolean; error: BookingError | null };
}

/** The summary beside the forms: tip, promo code, the lines and what is due, and the submit. */
export function SummaryCard({ summary, dueCents, tip, onTip, promoContext, submission }: SummaryCardProps) {
  const data = summary.data;
  return (
    <Card.Root position={{ lg: 'sticky' }} top={{ lg: '24' }}>
      <Card.Body gap="5">
        <Heading as="h2" size="md">
          Summary
        </Heading>
        <TipSelector cartMinimumCents={data?.procedures[0] ?? 0} value={tip} onChange={onTip} />
        <PromoCodeField context={promoContext} />
        {summary.isError ? (
          <RetryAlert
            message={serverMessage(summary.error) ?? SUMMARY_FAILED}
            onRetry={() => summary.refetch()}
            retrying={summary.isFetching}
          />
        ) : data ? (
          <SummaryLines summary={data} />
        ) : (
          <Skeleton height="32" />
        )}
        {data && <DueNow dueCents={dueCents} totalCents={data.total[0] ?? 0} />}
        {/* /memberships without prev: its back button returns here through /resume. */}
        <Link asChild color="brand.fg" fontWeight="medium" alignSelf="start">
          <RouterLink to="../memberships?q=memberships">Memberships &amp; Packages</RouterLink>
        </Link>
        {submission.error?.message && <SubmitProblem error={submission.error} />}
        <Button size="lg" loading={submission.submitting} disabled={!data} onClick={submission.submit}>
          Request Appointment
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** Why the booking was not taken; a time someone else took sends the client back to choose another. */
function SubmitProblem({ error }: { error: BookingError }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Stack gap="1">
        <Alert.Title>{error.message}</Alert.Title>
        {error.code === SLOT_TAKEN && (
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="../schedule">Choose another time</RouterLink>
          </Link>
        )}
      </Stack>
    </Alert.Root>
  );
}

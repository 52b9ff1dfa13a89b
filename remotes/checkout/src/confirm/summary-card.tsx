import { formatCents } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import type { CheckoutSummary, ValidatePromoCodeInput } from '@atrium/graphql-client/checkout';
import { Link as RouterLink } from '@atrium/navigation';
import { Alert, Box, Button, Card, Flex, Heading, Link, RetryAlert, Skeleton, Stack, Text } from '@atrium/ui';
import { useEffect } from 'react';
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
        <SubmitBar totalCents={data ? (data.total[0] ?? 0) : null} submission={submission} />
      </Card.Body>
    </Card.Root>
  );
}

/** Room kept at the page's end, and under a field scrolled into view, for the phone's submit bar. */
const SUBMIT_BAR_ROOM = '6rem';
/** Below Chakra's lg breakpoint the summary follows the forms, and the bar is at the screen's bottom. */
const BAR_SHOWN = '(max-width: 63.99rem)';

/** While the bar is at the bottom of the screen, the page ends and scrolls a field into view above it. */
function useRoomForSubmitBar() {
  useEffect(() => {
    const query = window.matchMedia?.(BAR_SHOWN);
    if (!query) return;
    const root = document.documentElement;
    const { body } = document;
    const before = { scroll: root.style.scrollPaddingBottom, padding: body.style.paddingBottom };
    const apply = () => {
      root.style.scrollPaddingBottom = query.matches ? SUBMIT_BAR_ROOM : before.scroll;
      body.style.paddingBottom = query.matches ? SUBMIT_BAR_ROOM : before.padding;
    };
    apply();
    query.addEventListener('change', apply);
    return () => {
      query.removeEventListener('change', apply);
      root.style.scrollPaddingBottom = before.scroll;
      body.style.paddingBottom = before.padding;
    };
  }, []);
}

/**
 * Request Appointment: in the summary on a wide screen; on a phone, where the summary comes after
 * every form, in a bar held at the bottom of the screen with the total, so it is always in reach.
 */
function SubmitBar({
  totalCents,
  submission,
}: {
  totalCents: number | null;
  submission: SummaryCardProps['submission'];
}) {
  useRoomForSubmitBar();
  return (
    <Box
      data-testid="submit-bar"
      position={{ base: 'fixed', lg: 'static' }}
      insetX={{ base: '0', lg: 'auto' }}
      bottom={{ base: '0', lg: 'auto' }}
      zIndex={{ base: 'sticky', lg: 'auto' }}
      bg={{ base: 'bg', lg: 'transparent' }}
      borderTopWidth={{ base: '1px', lg: '0' }}
      boxShadow={{ base: 'md', lg: 'none' }}
      px={{ base: '4', lg: '0' }}
      py={{ base: '3', lg: '0' }}
    >
      <Flex align="center" gap="4">
        {totalCents !== null && (
          <Text hideFrom="lg" flex="1" fontWeight="semibold">{`Total ${formatCents(totalCents)}`}</Text>
        )}
        <Button
          size="lg"
          flex={{ base: totalCents === null ? '1' : 'none', lg: '1' }}
          loading={submission.submitting}
          disabled={totalCents === null}
          onClick={submission.submit}
        >
          Request Appointment
        </Button>
      </Flex>
    </Box>
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

import { formatCents, paymentCaption } from '@atrium/domain';
import type { CheckoutSummary } from '@atrium/graphql-client/checkout';
import { Flex, Separator, Stack, Text } from '@atrium/ui';
import { dueLabel } from './due-label';

const low = (range: readonly number[]) => range[0] ?? 0;

/** The checkout summary's lines: each range shows its low end, what the client pays. */
export function SummaryLines({ summary }: { summary: CheckoutSummary }) {
  const line = (label: string, cents: number, credit = false) => (
    <Flex justify="space-between" key={label}>
      <Text color={credit ? 'green.fg' : undefined}>{label}</Text>
      <Text color={credit ? 'green.fg' : undefined}>
        {credit ? `−${formatCents(cents)}` : formatCents(cents)}
      </Text>
    </Flex>
  );
  return (
    <Stack gap="1.5" aria-label="Checkout summary">
      {line('Services', low(summary.procedures))}
      {low(summary.membership) > 0 && line('Membership discount', low(summary.membership), true)}
      {low(summary.credit) > 0 && line('Package credit', low(summary.credit), true)}
      {low(summary.discount) > 0 && line('Discount', low(summary.discount), true)}
      {low(summary.promoCode) > 0 &&
        line(
          summary.promoCodeText ? `Promo code (${summary.promoCodeText})` : 'Promo code',
          low(summary.promoCode),
          true,
        )}
      {low(summary.travelFee) > 0 && line('Travel fee', low(summary.travelFee))}
      {summary.gratuity > 0 && line('Tip', summary.gratuity)}
      <Separator my="1" />
      <Flex justify="space-between" fontWeight="bold" fontSize="lg">
        <Text>Total</Text>
        <Text data-testid="checkout-total">{formatCents(low(summary.total))}</Text>
      </Flex>
    </Stack>
  );
}

/**
 * What the card is charged and when, under the total (the due-now rule and its caption): the deposit
 * or the full total when the marketplace confirms, or nothing today when payment is taken on site.
 */
export function DueNow({ dueCents, totalCents }: { dueCents: number; totalCents: number }) {
  const label = dueLabel(dueCents);
  return (
    <Stack gap="1">
      <Flex justify="space-between" fontWeight="semibold">
        <Text>{label}</Text>
        <Text data-testid="checkout-due-now">{formatCents(dueCents)}</Text>
      </Flex>
      <Text color="fg.muted">{paymentCaption(dueCents, totalCents)}</Text>
    </Stack>
  );
}

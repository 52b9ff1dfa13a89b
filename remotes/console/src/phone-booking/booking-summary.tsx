import { formatCents } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { useStaffBookingQuote } from '@atrium/graphql-client/staff-phone-booking';
import { Card, Heading, Text } from '@atrium/ui';
import { DetailList, DetailTerm } from '../shared/detail-list';
import { LoadError, Loading } from '../shared/query-states';
import {
  type BookingDraft,
  type BookingPlaceChoice,
  offeredAt,
  placeInput,
  procedureIds,
} from './booking-draft';
import { dateLabel, paymentLabel, placeLabel, timeLabel } from './booking-format';

interface BookingSummaryProps {
  marketplaceId: string;
  draft: BookingDraft & { place: BookingPlaceChoice; time: string };
  /** Who the booking is for, as the desk knows them. */
  clientLabel: string;
}

/** What is about to be booked, and its price as the API works it out for this client. */
export function BookingSummary({ marketplaceId, draft, clientLabel }: BookingSummaryProps) {
  const place = placeInput(draft.place);
  const quote = useStaffBookingQuote(marketplaceId, {
    clientId: draft.clientMode === 'existing' ? (draft.client?.id ?? null) : null,
    ...place,
    procedures: procedureIds(draft),
    collectOnSite: draft.payment?.kind === 'on-site',
  });
  const names = useServiceNames(marketplaceId, draft.place);
  const zone = draft.place.kind === 'clinic' ? ` (${draft.place.clinic.timeZone})` : '';

  return (
    <Card.Root as="section" aria-labelledby="phone-booking-summary">
      <Card.Body gap="3">
        <Heading as="h3" size="md" id="phone-booking-summary">
          Summary
        </Heading>
        <DetailList>
          <DetailTerm>Client</DetailTerm>
          <dd>{clientLabel}</dd>
          <DetailTerm>Where</DetailTerm>
          <dd>{placeLabel(draft.place)}</dd>
          <DetailTerm>When</DetailTerm>
          <dd>
            {dateLabel(draft.date)} at {timeLabel(draft.time)}
            {zone}
          </dd>
          <DetailTerm>Services</DetailTerm>
          <dd>
            {procedureIds(draft)
              .map((id) => names.get(id) ?? `Service ${id}`)
              .join(', ')}
          </dd>
          <DetailTerm>Payment</DetailTerm>
          <dd>{draft.payment ? paymentLabel(draft.payment) : 'Not chosen yet'}</dd>
        </DetailList>
        {quote.isPending ? (
          <Loading label="Working out the total" />
        ) : quote.isError ? (
          <LoadError error={quote.error} onRetry={() => quote.refetch()} />
        ) : (
          <QuoteLines quote={quote.data} onSite={draft.payment?.kind === 'on-site'} />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function QuoteLines({
  quote,
  onSite,
}: {
  quote: NonNullable<ReturnType<typeof useStaffBookingQuote>['data']>;
  onSite: boolean;
}) {
  const { summary } = quote;
  // Ranges are [low, high]: the booking records the low end, as checkout does.
  const low = (range: readonly number[]) => range[0] ?? 0;
  const savings =
    low(summary.membership) + low(summary.credit) + low(summary.discount) + low(summary.promoCode);
  const travelFee = low(summary.travelFee);
  const due = onSite
    ? 'Nothing is charged online: the client pays at the visit.'
    : `Charged when the request is confirmed: ${formatCents(quote.dueOnConfirmation)}.`;
  return (
    <>
      <DetailList>
        {travelFee > 0 && (
          <>
            <DetailTerm>Travel fee</DetailTerm>
            <dd>{formatCents(travelFee)}</dd>
          </>
        )}
        {savings > 0 && (
          <>
            <DetailTerm>Savings</DetailTerm>
            <dd>−{formatCents(savings)} (the client's membership and packages)</dd>
          </>
        )}
        <DetailTerm>Total</DetailTerm>
        <dd>
          <Text as="span" fontWeight="semibold" data-testid="phone-booking-total">
            {formatCents(low(summary.total))}
          </Text>
        </dd>
      </DetailList>
      <Text>{due}</Text>
    </>
  );
}

/** The names of the services and add-ons offered at the place (the query step 2 read). */
function useServiceNames(marketplaceId: string, place: BookingPlaceChoice): Map<string, string> {
  const offered = useMarketplace(marketplaceId, offeredAt(place));
  const procedures = (offered.data?.categories ?? []).flatMap((category) => category.procedures);
  return new Map(
    procedures.flatMap((procedure) => [
      [procedure.id, procedure.name] as const,
      ...procedure.addOns.map((addOn) => [addOn.id, addOn.name] as const),
    ]),
  );
}

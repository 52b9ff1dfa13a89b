import { formatCents } from '@atrium/domain';
import { serverMessage } from '@atrium/graphql-client';
import {
  acceptWaitlistOffer,
  useWaitlistOffer,
  type WaitlistOffer,
  type WaitlistOfferStatus,
} from '@atrium/graphql-client/checkout';
import { Link as RouterLink, useParams, useSearchParams } from '@atrium/navigation';
import { Alert, Button, Card, Flex, PageHeading, Skeleton, Stack, Text } from '@atrium/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { recapPlace, recapWhen } from '../success/request-recap';

export const WAITLIST_OFFER_INVALID =
  'This offer link is not valid. Please use the link in your latest email.';
export const WAITLIST_OFFER_FAILED = 'There was an issue with retrieving the offer. Please try again.';
export const WAITLIST_OFFER_BOOK_FAILED = 'There was an issue with booking this time. Please try again.';

/** What the page says when the offer can no longer be booked, by why. */
export const closedOfferMessages: Record<Exclude<WaitlistOfferStatus, 'OPEN' | 'ACCEPTED'>, string> = {
  TAKEN: 'This time has just been taken. We will let you know when another time opens up.',
  EXPIRED: 'This offer has expired. We will let you know when another time opens up.',
  CLOSED: 'This waitlist request is no longer open.',
};

/**
 * /{marketplaceId}/waitlist-offer?token=… (from the "a time opened up" mail): the freed time offered
 * to the client's waitlist request, and "Book this time", which sends it to the marketplace as their
 * request, if nobody took it first. Signed in or not: the link's token is the authority.
 */
export function WaitlistOfferPage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  const offer = useWaitlistOffer(token);
  const booking = useOfferBooking(token);
  const current = booking.booked ?? offer.data;

  return (
    <Stack gap="6" maxW="2xl">
      <PageHeading mb="0">A Time Opened Up</PageHeading>
      {!token ? (
        <Alert.Root status="error" role="alert">
          <Alert.Title>{WAITLIST_OFFER_INVALID}</Alert.Title>
        </Alert.Root>
      ) : offer.isPending ? (
        <Skeleton height="48" aria-label="Loading the offer" />
      ) : offer.isError || !current ? (
        <Alert.Root status="error" role="alert">
          <Alert.Title>{serverMessage(offer.error) ?? WAITLIST_OFFER_FAILED}</Alert.Title>
        </Alert.Root>
      ) : (
        <OfferCard offer={current} booking={booking} />
      )}
    </Stack>
  );
}

/** Booking the offered time; a refusal (taken, expired) reloads the offer to tell what changed. */
function useOfferBooking(token: string | null) {
  const queryClient = useQueryClient();
  const [booked, setBooked] = useState<WaitlistOffer | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const book = async () => {
    if (!token || working) return;
    setWorking(true);
    setProblem(null);
    try {
      setBooked(await acceptWaitlistOffer(token));
    } catch (error) {
      setProblem(serverMessage(error) ?? WAITLIST_OFFER_BOOK_FAILED);
      // Tell what changed (taken, expired) from the offer as it now stands.
      await queryClient.invalidateQueries({ queryKey: ['waitlistOffer', token] });
    } finally {
      setWorking(false);
    }
  };

  return { booked, working, problem, book };
}

/** The offer, what can be done with it now, and where to go next. */
function OfferCard({
  offer,
  booking,
}: {
  offer: WaitlistOffer;
  booking: ReturnType<typeof useOfferBooking>;
}) {
  const { marketplaceId = '' } = useParams();
  return (
    <Card.Root>
      <Card.Body gap="4">
        <OfferDetails offer={offer} />
        {offer.status === 'OPEN' && (
          <>
            <Text>
              This time is yours if you book it before anyone else. Booking it sends your request to{' '}
              {offer.marketplaceName} to confirm, with the services and payment details of your waitlist
              request.
            </Text>
            <Button alignSelf="start" onClick={booking.book} loading={booking.working} loadingText="Booking">
              Book this time
            </Button>
          </>
        )}
        {offer.status === 'ACCEPTED' && (
          <Text role="status" fontWeight="semibold">
            Your request for this time is sent. {offer.marketplaceName} will confirm it.
          </Text>
        )}
        {offer.status !== 'OPEN' && offer.status !== 'ACCEPTED' && !booking.problem && (
          <Alert.Root status="warning" role="alert">
            <Alert.Title>{closedOfferMessages[offer.status]}</Alert.Title>
          </Alert.Root>
        )}
        {booking.problem && (
          <Alert.Root status="error" role="alert">
            <Alert.Title>{booking.problem}</Alert.Title>
          </Alert.Root>
        )}
        {offer.status !== 'OPEN' && (
          <Flex gap="3" wrap="wrap">
            <Button asChild variant="outline" whiteSpace="normal" h="auto" py="2">
              <RouterLink to={`/${marketplaceId}/profile`}>View Appointment Status</RouterLink>
            </Button>
          </Flex>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function OfferDetails({ offer }: { offer: WaitlistOffer }) {
  const when = recapWhen({
    start: offer.start,
    end: offer.end,
    timeZone: offer.timeZone,
    waitlistWindows: [],
  });
  return (
    <Stack gap="1" as="dl">
      <Detail label="Services">{offer.procedures.map((procedure) => procedure.name).join(', ')}</Detail>
      {when.kind === 'time' && (
        <Detail label="When">
          {when.date}, {when.time}
        </Detail>
      )}
      <Detail label="Where">{recapPlace(offer)}</Detail>
      <Detail label="With">{offer.practitionerName}</Detail>
      <Detail label="Total">{formatCents(offer.total)}</Detail>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap="2" wrap="wrap">
      <Text as="dt" fontWeight="semibold" minW="20">
        {label}
      </Text>
      <Text as="dd" flex="1" minW="0">
        {children}
      </Text>
    </Flex>
  );
}

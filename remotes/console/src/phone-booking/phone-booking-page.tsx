import { type Marketplace, useMarketplace } from '@atrium/graphql-client';
import { Link as RouterLink } from '@atrium/navigation';
import { Alert, Button, HStack, Link, PageHeading, Stack, Text } from '@atrium/ui';
import { clientName } from '../requests/request-format';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import type { StepIndex } from './booking-draft';
import { BookingSummary } from './booking-summary';
import { ClientStep } from './client-step';
import { PaymentStep } from './payment-step';
import { PlaceStep } from './place-step';
import { StepHeading, StepList } from './steps';
import { TimeStep } from './time-step';
import { useBookingFlow } from './use-booking-flow';

/**
 * Book for a client (owner and front desk, from Requests): a client found or added, the place and
 * services, one of the free times clients are offered, and how they pay, then the summary and Book.
 * The API books as the client's own booking would (PENDING, the 'received' mail); Confirm now then
 * confirms it. Afterwards Requests shows the new request, and a toast names the client and time.
 */
export default function PhoneBookingPage({ marketplaceId }: ConsoleSectionProps) {
  const marketplace = useMarketplace(marketplaceId);
  return (
    <Stack gap="6" maxW="4xl">
      <Stack gap="2">
        <Link asChild alignSelf="start">
          <RouterLink to={`/${marketplaceId}/console/requests`}>Back to Requests</RouterLink>
        </Link>
        <PageHeading mb="0">Book for a client</PageHeading>
        <Text color="fg.muted">
          For a client on the phone or at the desk: the same free times, prices and mails as when they book
          themselves.
        </Text>
      </Stack>
      {marketplace.isPending ? (
        <Loading label="Loading the marketplace" section />
      ) : marketplace.isError ? (
        <LoadError error={marketplace.error} action="marketplace" onRetry={() => marketplace.refetch()} />
      ) : (
        <BookingFlow marketplaceId={marketplaceId} marketplace={marketplace.data} />
      )}
    </Stack>
  );
}

function BookingFlow({ marketplaceId, marketplace }: { marketplaceId: string; marketplace: Marketplace }) {
  const flow = useBookingFlow(marketplaceId, marketplace);
  const { draft, update, step, problem, submitter } = flow;
  const common = { marketplaceId, draft, update, problem };
  return (
    <Stack gap="5">
      <StepList step={step} onGo={flow.goTo} />
      <StepHeading step={step} />
      {step === 0 && <ClientStep {...common} newClient={flow.newClient} />}
      {step === 1 && <PlaceStep {...common} marketplace={marketplace} />}
      {step === 2 && draft.place && <TimeStep {...common} draft={{ ...draft, place: draft.place }} />}
      {step === 3 && draft.place && draft.time && (
        <Stack gap="6">
          <PaymentStep
            {...common}
            marketplaceName={marketplace.name}
            card={flow.card}
            notesForm={flow.notesForm}
          />
          <BookingSummary
            marketplaceId={marketplaceId}
            draft={{ ...draft, place: draft.place, time: draft.time }}
            clientLabel={clientLabel(flow)}
          />
        </Stack>
      )}
      {submitter.problem && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{submitter.problem}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="3" wrap="wrap">
        {step > 0 && (
          <Button
            variant="outline"
            onClick={() => flow.goTo((step - 1) as StepIndex)}
            disabled={submitter.busy}
          >
            Back
          </Button>
        )}
        {step < 3 ? (
          <Button onClick={flow.next}>Continue</Button>
        ) : (
          <Button onClick={flow.book} loading={submitter.busy} loadingText="Booking…">
            Book
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

/** Who the booking is for, as the summary names them. */
function clientLabel({ draft, newClient }: ReturnType<typeof useBookingFlow>): string {
  if (draft.clientMode === 'existing' && draft.client) {
    return `${clientName(draft.client)} (${draft.client.email})`;
  }
  const { givenName, familyName, email } = newClient.values;
  return `${givenName.trim()} ${familyName.trim()} (${email.trim()}), a new client`;
}

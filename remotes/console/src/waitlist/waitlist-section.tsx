import { staffMay } from '@atrium/domain';
import {
  type StaffFreedTime,
  type StaffWaitlistRequest,
  useStaffFreedTimes,
  useStaffWaitlist,
} from '@atrium/graphql-client/staff-waitlist';
import { useSearchParams } from '@atrium/navigation';
import { Heading, PageHeading, Stack, Text } from '@atrium/ui';
import type { ReactNode } from 'react';
import { requestTimeSpan } from '../requests/request-format';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { FreedTimes } from './freed-times';
import { WaitlistRequestItem } from './waitlist-request-item';

/**
 * The waitlist: time freed by cancellations and declines, and the open waitlist requests with their
 * windows. Choosing a freed time (?freed=) lists the requests whose windows hold it first, each with
 * "Offer this time", which mails the client a link that books it while it is free.
 */
export default function WaitlistSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const [params, setParams] = useSearchParams();
  const freedParam = params.get('freed') ?? '';
  const freedTimes = useStaffFreedTimes(marketplaceId);
  const chosen = freedTimes.data?.find((time) => time.appointmentId === freedParam) ?? null;
  const requests = useStaffWaitlist(marketplaceId, chosen?.appointmentId ?? null);

  const choose = (time: StaffFreedTime | null) => {
    const search = new URLSearchParams();
    if (time) search.set('freed', time.appointmentId);
    setParams(search, { replace: true });
  };

  return (
    <Stack gap="6">
      <PageHeading mb="0">Waitlist</PageHeading>
      <Part id="freed-times" title="Freed times">
        {freedTimes.isPending ? (
          <Loading label="Loading freed times" />
        ) : freedTimes.isError ? (
          <LoadError error={freedTimes.error} action="appointments" onRetry={() => freedTimes.refetch()} />
        ) : (
          <FreedTimes times={freedTimes.data} chosen={chosen} onChoose={choose} />
        )}
      </Part>
      <Part id="waitlist-requests" title="Waitlist requests">
        {chosen && (
          <Text>
            Requests whose windows hold {requestTimeSpan(chosen)} at{' '}
            {chosen.clinic ? chosen.clinic.name : 'the client’s home'} come first.
          </Text>
        )}
        {requests.isPending ? (
          <Loading label="Loading the waitlist" />
        ) : requests.isError ? (
          <LoadError error={requests.error} action="appointments" onRetry={() => requests.refetch()} />
        ) : (
          <WaitlistRequests
            marketplaceId={marketplaceId}
            requests={requests.data}
            freed={chosen}
            mayOffer={staffMay(staff.role, 'offerWaitlistSlot')}
          />
        )}
      </Part>
    </Stack>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" aria-labelledby={id} gap="3">
      <Heading as="h2" size="lg" id={id}>
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

function WaitlistRequests({
  marketplaceId,
  requests,
  freed,
  mayOffer,
}: {
  marketplaceId: string;
  requests: readonly StaffWaitlistRequest[];
  freed: StaffFreedTime | null;
  mayOffer: boolean;
}) {
  return (
    <>
      <Text role="status" color="fg.muted">
        {requests.length === 0
          ? 'No open waitlist requests.'
          : `${requests.length} open waitlist ${requests.length === 1 ? 'request' : 'requests'}`}
      </Text>
      <Stack as="ul" listStyleType="none" gap="4" aria-label="Waitlist requests">
        {requests.map((request) => (
          <li key={request.id}>
            <WaitlistRequestItem
              marketplaceId={marketplaceId}
              request={request}
              freed={freed}
              mayOffer={mayOffer}
            />
          </li>
        ))}
      </Stack>
    </>
  );
}

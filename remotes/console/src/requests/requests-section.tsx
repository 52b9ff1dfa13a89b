import { useMarketplace } from '@atrium/graphql-client';
import { useStaffRequests } from '@atrium/graphql-client/staff';
import { PageHeading, Stack, Text } from '@atrium/ui';
import { useMarkRequestsSeenOnOpen } from '../request-notices/use-mark-requests-seen-on-open';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { apiFilter, RequestFilters, useRequestFilter } from './request-filters';
import { statusLabels } from './request-format';
import { RequestItem } from './request-item';

/**
 * The requests inbox: the marketplace's appointment requests, pending ones first by
 * default, filtered by status, clinic and date, asked for again every few seconds so new requests
 * appear without a reload. A practitioner sees their own, read-only.
 */
export default function RequestsSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const { values, update } = useRequestFilter();
  useMarkRequestsSeenOnOpen(marketplaceId);
  const marketplace = useMarketplace(marketplaceId);
  const requests = useStaffRequests(marketplaceId, apiFilter(values));
  const clinics = marketplace.data?.clinicOrganizations ?? [];
  const kind = values.status === 'any' ? '' : `${statusLabels[values.status].toLowerCase()} `;

  return (
    <Stack gap="4">
      <PageHeading mb="0">Requests</PageHeading>
      {staff.role === 'practitioner' && <Text color="fg.muted">Your own appointments, read-only.</Text>}
      <RequestFilters
        values={values}
        clinics={clinics}
        atHome={marketplace.data?.providesAtHome ?? false}
        onChange={update}
      />
      {requests.isPending ? (
        <Loading label="Loading requests" section />
      ) : requests.isError ? (
        <LoadError error={requests.error} action="appointments" onRetry={() => requests.refetch()} />
      ) : (
        <>
          <Text role="status" color="fg.muted">
            {requests.data.length === 0
              ? `No ${kind}requests.`
              : `${requests.data.length} ${kind}${requests.data.length === 1 ? 'request' : 'requests'}`}
          </Text>
          <Stack as="ul" listStyleType="none" gap="4" aria-label="Requests">
            {requests.data.map((request) => (
              <li key={request.id}>
                <RequestItem marketplaceId={marketplaceId} request={request} staff={staff} />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

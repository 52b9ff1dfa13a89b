import { useMarketplace } from '@atrium/graphql-client';
import { type StaffRequestPage, useStaffRequestPage } from '@atrium/graphql-client/staff';
import { Button, Flex, PageHeading, Stack, Text } from '@atrium/ui';
import { BookForClientButton } from '../phone-booking/book-for-client-button';
import { useMarkRequestsSeenOnOpen } from '../request-notices/use-mark-requests-seen-on-open';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { apiFilter, RequestFilters, useRequestFilter } from './request-filters';
import { statusLabels } from './request-format';
import { RequestItem } from './request-item';

/**
 * The requests inbox: the marketplace's appointment requests, pending ones first by
 * default, filtered by status, clinic and date, 20 a page, asked for again every few seconds so new
 * requests appear without a reload. A practitioner sees their own, read-only.
 */
export default function RequestsSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const { values, update } = useRequestFilter();
  useMarkRequestsSeenOnOpen(marketplaceId);
  const marketplace = useMarketplace(marketplaceId);
  const requests = useStaffRequestPage(marketplaceId, apiFilter(values), values.page);
  const clinics = marketplace.data?.clinicOrganizations ?? [];
  const kind = values.status === 'any' ? '' : `${statusLabels[values.status].toLowerCase()} `;

  return (
    <Stack gap="4">
      <PageHeading mb="0">Requests</PageHeading>
      <BookForClientButton marketplaceId={marketplaceId} staff={staff} />
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
            {requests.data.total === 0
              ? `No ${kind}requests.`
              : `${requests.data.total} ${kind}${requests.data.total === 1 ? 'request' : 'requests'}`}
          </Text>
          <Stack as="ul" listStyleType="none" gap="3" aria-label="Requests">
            {requests.data.requests.map((request) => (
              <li key={request.id}>
                <RequestItem marketplaceId={marketplaceId} request={request} staff={staff} />
              </li>
            ))}
          </Stack>
          <Pages page={requests.data} onPage={(page) => update({ page })} />
        </>
      )}
    </Stack>
  );
}

/** Previous and next page of the inbox, and where it is; nothing when everything fits on one page. */
function Pages({ page, onPage }: { page: StaffRequestPage; onPage: (page: number) => void }) {
  if (page.pageCount <= 1 && page.page === 1) return null;
  return (
    <Flex as="nav" aria-label="Pages of requests" gap="3" align="center" wrap="wrap">
      <Button variant="outline" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
        Previous page
      </Button>
      <Text>
        Page {page.page} of {page.pageCount}
      </Text>
      <Button variant="outline" disabled={page.page >= page.pageCount} onClick={() => onPage(page.page + 1)}>
        Next page
      </Button>
    </Flex>
  );
}

// '@atrium/graphql-client/staff-clients': the staff console's clients — search by name,
// email or phone, and one client's appointments, waitlist requests, memberships and packages. An
// entry of its own, bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  StaffClientDocument,
  type StaffClientQuery,
  StaffClientsDocument,
  type StaffClientsQuery,
} from '../generated/graphql';

export type StaffClientSummary = StaffClientsQuery['staffClients'][number];
export type StaffClientDetail = StaffClientQuery['staffClient'];

export const STAFF_CLIENTS_KEY = ['staffClients'] as const;

/** The marketplace's clients matching a search (blank: the most recent); the last answer stays while typing. */
export function useStaffClients(marketplaceId: string, search: string) {
  return useQuery({
    queryKey: [...STAFF_CLIENTS_KEY, marketplaceId, search.trim()] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffClientsDocument, { marketplaceId, search: search.trim() }, { signal }))
        .staffClients,
    enabled: marketplaceId !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { persist: false },
  });
}

/** One client of the marketplace with their history there. */
export function useStaffClient(marketplaceId: string, clientId: string | null) {
  return useQuery({
    queryKey: ['staffClient', marketplaceId, clientId] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffClientDocument, { marketplaceId, id: clientId as string }, { signal })).staffClient,
    enabled: marketplaceId !== '' && Boolean(clientId),
    staleTime: 0,
    meta: { persist: false },
  });
}

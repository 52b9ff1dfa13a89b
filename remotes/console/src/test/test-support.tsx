// Test helpers of the console: a GraphQL fetch answering by operation name, the providers the host
// gives a remote page (at /1/console/...), the marketplace, staff members and requests to show.
import {
  createQueryClient,
  GraphQLProvider,
  type Marketplace,
  marketplaceQueryOptions,
} from '@atrium/graphql-client';
import type { StaffRequest, StaffViewer } from '@atrium/graphql-client/staff';
import { MemoryRouter, Route, Routes, useLocation } from '@atrium/navigation';
import { $user, on, type Toast } from '@atrium/stores';
import { AtriumUiProvider } from '@atrium/ui';
import type { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';

export { type GraphQLCall, graphqlFetch } from '@atrium/graphql-client/testing';

/** Every toast raised from now on. */
export function collectToasts(): Toast[] {
  const toasts: Toast[] = [];
  on('toast', (toast) => void toasts.push(toast));
  return toasts;
}

function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="path">
      {pathname}
      {search}
    </output>
  );
}

/** A query client holding marketplace 1, as the host's has it before a remote page renders. */
export function queryClientWithMarketplace(): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(marketplaceQueryOptions('1').queryKey, marketplaceFixture());
  return queryClient;
}

/** Renders `ui` at `url` under the host's console route (/:marketplaceId/console/*). */
export function renderConsole(ui: ReactNode, url = '/1/console', queryClient = queryClientWithMarketplace()) {
  const result = render(
    <GraphQLProvider queryClient={queryClient}>
      <AtriumUiProvider primaryColor="#0E7490">
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path=":marketplaceId/console/*" element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
      </AtriumUiProvider>
    </GraphQLProvider>,
  );
  return { ...result, path: () => result.getByTestId('path').textContent };
}

/** Signs a user in as the host's viewer sync would (the remembered user the console reads). */
export const signIn = (email = 'frontdesk@glow.example') =>
  $user.set({
    id: '7',
    email,
    givenName: 'Fran',
    familyName: 'Desk',
    emailConfirmed: true,
    phoneConfirmed: true,
  });

export function staffViewerFixture(role: StaffViewer['role'] = 'FRONT_DESK'): StaffViewer {
  return {
    role,
    name: role === 'PRACTITIONER' ? 'Dana Park' : 'Fran Desk',
    email: 'frontdesk@glow.example',
    marketplace: { id: '1', name: 'Glow' },
    practitioner: role === 'PRACTITIONER' ? { id: '3', name: 'Dana Park' } : null,
  };
}

export function requestFixture(overrides: Partial<StaffRequest> = {}): StaffRequest {
  return {
    id: '501',
    status: 'PENDING',
    start: '2030-01-08T15:00:00.000Z',
    end: '2030-01-08T15:45:00.000Z',
    timeZone: 'America/New_York',
    requestedAt: '2030-01-01T12:00:00.000Z',
    client: {
      id: '9',
      givenName: 'Ana',
      familyName: 'Lima',
      email: 'ana@example.com',
      phone: '+12125550143',
    },
    procedures: [
      { id: '101', name: 'B12 Energy Shot', isAddOn: false, price: 3500 },
      { id: '201', name: 'Vitamin C Boost', isAddOn: true, price: 1500 },
    ],
    practitioner: { id: '3', name: 'Dana Park' },
    clinic: { id: '21', name: 'Glow Midtown' },
    address: '10 W 33rd St, New York, NY 10001',
    notes: 'Ring twice',
    checkoutNotes: [{ label: 'Allergies', value: 'Latex' }],
    dueOnConfirmation: 1000,
    tip: 0,
    total: 5000,
    cancellationReason: null,
    payments: [],
    ...overrides,
  };
}

/** Marketplace 1 as the marketplace query gives it, with one clinic. */
export function marketplaceFixture(): Marketplace {
  return {
    id: '1',
    mgId: '10',
    name: 'Glow',
    logo: null,
    favicon: null,
    primaryColor: '#0E7490',
    navigationGroupId: null,
    providesAtHome: true,
    clinicOrganizations: [
      {
        id: '21',
        name: 'Glow Midtown',
        address: '10 W 33rd St, New York, NY 10001',
        phone: '+12125550100',
        timeZone: 'America/New_York',
        latitude: 40.75,
        longitude: -73.99,
      },
    ],
    categories: [],
    procedures: [],
    checkoutNotes: [],
    paymentSettings: null,
    remoteOverrides: [],
  } as unknown as Marketplace;
}

// Test helpers of the profile page: a GraphQL fetch answering by operation name, the providers the
// host gives a remote page, a viewer to show, and the toasts raised.
import { createQueryClient, GraphQLProvider, type Marketplace } from '@atrium/graphql-client';
import type { ProfileViewer } from '@atrium/graphql-client/account';
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
    <>
      <output data-testid="path">{pathname}</output>
      <output data-testid="search">{search}</output>
    </>
  );
}

/**
 * Renders a page of marketplace 1 as the host would: Chakra, the query client, a router — at
 * /1/profile unless another route (and the URL to open it at) is given.
 */
export function renderPage(
  ui: ReactNode,
  queryClient: QueryClient = createQueryClient(),
  { route = '/1/profile', url = route }: { route?: string; url?: string } = {},
) {
  const result = render(
    <GraphQLProvider queryClient={queryClient}>
      <AtriumUiProvider primaryColor="#0E7490">
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <CurrentPath />
        </MemoryRouter>
      </AtriumUiProvider>
    </GraphQLProvider>,
  );
  return {
    ...result,
    queryClient,
    path: () => result.getByTestId('path').textContent,
    search: () => result.getByTestId('search').textContent,
  };
}

/** Ana, signed in with a confirmed email and phone (the remembered user the pages read). */
export const signIn = () =>
  $user.set({
    id: '7',
    email: 'ana@example.com',
    givenName: 'Ana',
    familyName: 'Lee',
    emailConfirmed: true,
    phoneConfirmed: true,
  });

export function viewerFixture(overrides: Partial<ProfileViewer> = {}): ProfileViewer {
  return {
    id: '7',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    emailConfirmed: true,
    phoneConfirmed: true,
    emailOptIn: false,
    phoneOptIn: false,
    hasPassword: false,
    primaryInstrumentId: null,
    paymentInstruments: [],
    memberships: [],
    ...overrides,
    profile: {
      email: 'ana@example.com',
      givenName: 'Ana',
      familyName: 'Lee',
      dob: '1990-04-12',
      phone: '+12125550142',
      address: '350 5th Ave, New York, NY 10118',
      sexAssignedAtBirth: 'female',
      tzid: 'America/New_York',
      ...overrides.profile,
    },
  };
}

/** The marketplace as the catalogue query gives it, with what 'Book Again' reads. */
export function marketplaceFixture(overrides: Partial<Marketplace> = {}): Marketplace {
  const base = (id: string, name: string) => ({
    id,
    name,
    tagline: null,
    description: null,
    thumbnail: null,
    ingredients: null,
    price: [3500],
    duration: [30],
    tags: [],
  });
  const procedure = (id: string, name: string, addOns: string[] = []) => ({
    ...base(id, name),
    addOns: addOns.map((addOn) => base(addOn, `Add-on ${addOn}`)),
    addOnsFeatured: [],
    addOnsOther: [],
  });
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
    procedures: [procedure('101', 'B12 Energy Shot', ['201', '202']), procedure('102', 'Hydration Drip')],
    checkoutNotes: [],
    paymentSettings: null,
    remoteOverrides: [],
    ...overrides,
  } as unknown as Marketplace;
}

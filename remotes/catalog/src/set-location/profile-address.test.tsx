import { $mgId, $selectedLocation, $user } from '@atrium/stores';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ fetchViewer: vi.fn(), fetchGeocode: vi.fn() }));
vi.mock('@atrium/graphql-client/identity', () => ({ fetchViewer: api.fetchViewer }));
vi.mock('@atrium/graphql-client/places', () => ({ fetchGeocode: api.fetchGeocode }));

const { forgetProfileAddressAttempts, mayUseProfileAddress, useProfileAddressLocation } = await import(
  './profile-address'
);

const signedIn = {
  id: '7',
  email: 'ada@example.com',
  givenName: 'Ada',
  familyName: 'Lovelace',
  emailConfirmed: true,
  phoneConfirmed: false,
};
const empireState = { address: '350 5th Ave, New York, NY 10118', latitude: 40.7484, longitude: -73.9857 };

function renderRule(providesAtHome: boolean) {
  const client = new QueryClient();
  const onLocated = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useProfileAddressLocation(providesAtHome, onLocated), { wrapper });
  return { hook, onLocated };
}

describe('the profile address as the location', () => {
  beforeEach(() => {
    forgetProfileAddressAttempts();
    $mgId.set('1');
    $user.set(signedIn);
    $selectedLocation.set(null);
    api.fetchViewer.mockResolvedValue({ profile: { address: '350 5th Ave, New York, NY 10118' } });
    api.fetchGeocode.mockResolvedValue({ ...empireState, timeZone: 'America/New_York', zipCode: '10118' });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    $user.set(null);
  });

  it('applies only to a signed-in user without a location on a marketplace with at-home service', () => {
    const rule = { userId: '7', hasLocation: false, providesAtHome: true };
    expect(mayUseProfileAddress(rule)).toBe(true);
    expect(mayUseProfileAddress({ ...rule, userId: null })).toBe(false);
    expect(mayUseProfileAddress({ ...rule, hasLocation: true })).toBe(false);
    expect(mayUseProfileAddress({ ...rule, providesAtHome: false })).toBe(false);
  });

  it('geocodes the profile address into the location and goes on', async () => {
    const { hook, onLocated } = renderRule(true);
    expect(hook.result.current.locating).toBe(true);
    await waitFor(() => expect(onLocated).toHaveBeenCalledTimes(1));
    expect(api.fetchGeocode).toHaveBeenCalledWith(
      { address: '350 5th Ave, New York, NY 10118' },
      expect.anything(),
    );
    expect($selectedLocation.get()).toEqual(empireState);
    expect(mayUseProfileAddress({ userId: '7', hasLocation: false, providesAtHome: true })).toBe(false);
  });

  it('leaves the page to the client when the profile has no address', async () => {
    api.fetchViewer.mockResolvedValue({ profile: { address: null } });
    const { hook, onLocated } = renderRule(true);
    await waitFor(() => expect(hook.result.current.locating).toBe(false));
    expect(api.fetchGeocode).not.toHaveBeenCalled();
    expect(onLocated).not.toHaveBeenCalled();
    expect($selectedLocation.get()).toBeNull();
  });

  it('leaves the page to the client when the address cannot be geocoded, and does not try again', async () => {
    api.fetchGeocode.mockRejectedValue(new Error('Unable to get address. Please try again.'));
    const { hook, onLocated } = renderRule(true);
    await waitFor(() => expect(hook.result.current.locating).toBe(false));
    expect(onLocated).not.toHaveBeenCalled();
    expect($selectedLocation.get()).toBeNull();
    expect(mayUseProfileAddress({ userId: '7', hasLocation: false, providesAtHome: true })).toBe(false);
  });

  it('does nothing for a clinic-only marketplace', () => {
    const { hook } = renderRule(false);
    expect(hook.result.current.locating).toBe(false);
    expect(api.fetchViewer).not.toHaveBeenCalled();
  });
});

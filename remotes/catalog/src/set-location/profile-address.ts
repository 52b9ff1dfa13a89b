import { fetchViewer } from '@atrium/graphql-client/identity';
import { fetchGeocode } from '@atrium/graphql-client/places';
import { $mgId, $selectedLocation, $user, changeLocation, type HomeLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

// Users whose profile address has already been tried in this tab (sessionStorage, so a reload does
// not try again): once the client has chosen "Skip for now" or come back to pick a clinic, they are
// not sent away again.
const TRIED_KEY = 'profile-address-tried';

function triedUsers(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(TRIED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function markTried(userId: string) {
  try {
    sessionStorage.setItem(TRIED_KEY, JSON.stringify([...new Set([...triedUsers(), userId])]));
  } catch {
    // Without sessionStorage (some privacy modes) the rule may apply again after a reload.
  }
}

/** Test seam: forget which users were tried. */
export function forgetProfileAddressAttempts() {
  sessionStorage.removeItem(TRIED_KEY);
}

export interface ProfileAddressRule {
  userId: string | null;
  hasLocation: boolean;
  providesAtHome: boolean;
}

/**
 * A signed-in user with no location, on a marketplace offering at-home service, has their
 * profile address geocoded into the location and is sent to /services — once per user and tab.
 */
export function mayUseProfileAddress({ userId, hasLocation, providesAtHome }: ProfileAddressRule): boolean {
  return userId !== null && !hasLocation && providesAtHome && !triedUsers().includes(userId);
}

/**
 * Applies the profile-address rule (mayUseProfileAddress) on /set-location: reads the viewer's
 * profile address, geocodes it and, when it is found, makes it the location and calls `onLocated`.
 * A missing address or a failed geocode leaves the page as it is for the client to choose.
 * `locating` is true while it works.
 */
export function useProfileAddressLocation(providesAtHome: boolean, onLocated: () => void) {
  const user = useStore($user);
  const mgId = useStore($mgId);
  const location = useStore($selectedLocation);
  const userId = user?.id ?? null;
  const enabled =
    Boolean(mgId) && mayUseProfileAddress({ userId, hasLocation: location !== null, providesAtHome });

  const home = useQuery({
    queryKey: ['profile-address-location', mgId, userId],
    queryFn: async ({ signal }): Promise<HomeLocation | null> => {
      const viewer = await fetchViewer(mgId ?? '', { signal });
      const address = viewer.profile.address?.trim();
      if (!address) return null;
      const place = await fetchGeocode({ address }, { signal });
      return { address: place.address, latitude: place.latitude, longitude: place.longitude };
    },
    enabled,
    retry: false,
    gcTime: 0,
    meta: { persist: false },
  });

  const settled = home.isSuccess || home.isError;
  useEffect(() => {
    if (!enabled || !settled || userId === null) return;
    markTried(userId);
    if (home.data) {
      changeLocation(home.data);
      onLocated();
    }
  }, [enabled, settled, userId, home.data, onLocated]);

  return { locating: enabled && home.isFetching };
}

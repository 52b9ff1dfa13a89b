import { Navigate } from '@atrium/navigation';
import { $selectedLocation, type BookingLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';

/** Home of a marketplace: services when a location is chosen, otherwise choose one first. */
export function homePage(location: BookingLocation | null): 'services' | 'set-location' {
  return location ? 'services' : 'set-location';
}

export function HomeRedirect() {
  return <Navigate to={homePage(useStore($selectedLocation))} replace />;
}

import { Navigate } from '@atrium/navigation';
import { $selectedLocation } from '@atrium/stores';
import { useStore } from '@nanostores/react';

/** Home of a marketplace: services when a location is chosen, otherwise choose one first. */
export function HomeRedirect() {
  const location = useStore($selectedLocation);
  return <Navigate to={location ? 'services' : 'set-location'} replace />;
}

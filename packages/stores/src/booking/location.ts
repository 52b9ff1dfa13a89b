import { computed } from 'nanostores';
import type { BookingLocation, LocationType } from '../client-values/schemas';
import {
  $locationType,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
} from '../client-values/stores';
import { emit } from '../events/app-events';

export function isClinicLocation(
  location: BookingLocation | null,
): location is Extract<BookingLocation, { organizationId: string }> {
  return location !== null && 'organizationId' in location;
}

function sameLocation(a: BookingLocation | null, b: BookingLocation | null): boolean {
  if (a === null || b === null) return a === b;
  if (isClinicLocation(a) || isClinicLocation(b)) {
    return isClinicLocation(a) && isClinicLocation(b) && a.organizationId === b.organizationId;
  }
  return a.address === b.address && a.latitude === b.latitude && a.longitude === b.longitude;
}

/**
 * Changing the location clears the cart, the date and time and the waitlist (prices and
 * times differ per location), and the 'Location Changed' dialog tells the client the cart was
 * cleared. Choosing the same location again changes nothing.
 */
export function changeLocation(location: BookingLocation | null) {
  if (sameLocation($selectedLocation.get(), location)) return;
  const hadCart = $selectedProcedures.get().length > 0;
  $selectedLocation.set(location);
  if (location) $locationType.set(isClinicLocation(location) ? 'clinic' : 'mobile');
  $selectedProcedures.set([]);
  $selectedDateTime.set(null);
  $selectedWaitlist.set([]);
  if (hadCart) emit('location-changed', {});
}

/** 'Skip for now': no location; services are then shown for the whole marketplace. */
export function clearLocation() {
  changeLocation(null);
}

export function setLocationType(type: LocationType) {
  $locationType.set(type);
}

export interface MarketplaceLocations {
  providesAtHome: boolean;
  clinicOrganizations: readonly { id: string; name: string; address: string; phone: string }[];
}

/**
 * Keeps the stored location valid for the marketplace: a stored clinic it no longer offers
 * is cleared, and with exactly one clinic and no at-home service that clinic is selected.
 */
export function reconcileLocation(marketplace: MarketplaceLocations) {
  const location = $selectedLocation.get();
  const clinics = marketplace.clinicOrganizations;
  if (isClinicLocation(location) && !clinics.some((clinic) => clinic.id === location.organizationId)) {
    changeLocation(null);
  } else if (location && !isClinicLocation(location) && !marketplace.providesAtHome) {
    changeLocation(null);
  }
  const only = clinics[0];
  if (!$selectedLocation.get() && clinics.length === 1 && only && !marketplace.providesAtHome) {
    changeLocation({ organizationId: only.id, name: only.name, address: only.address, phone: only.phone });
  }
}

/** The catalogue filter for a location: a clinic's id, or a home address's coordinates. */
export function proceduresFilterFor(location: BookingLocation | null) {
  if (!location) return null;
  if (isClinicLocation(location)) return { organizationId: location.organizationId };
  return { location: { latitude: location.latitude, longitude: location.longitude } };
}

/** The catalogue filter for the chosen location. */
export const $proceduresFilter = computed($selectedLocation, proceduresFilterFor);

import { useMarketplace } from '@atrium/graphql-client';
import type { ProfileAppointment } from '@atrium/graphql-client/account';
import { fetchGeocode, UNABLE_TO_GET_ADDRESS } from '@atrium/graphql-client/places';
import { useNavigate } from '@atrium/navigation';
import {
  $selectedProcedures,
  addToCart,
  type BookingLocation,
  changeLocation,
  removeFromCart,
  type SelectedProcedure,
} from '@atrium/stores';
import { useState } from 'react';
import { notify } from '../shared/notify';
import { bookAgainCart } from './appointment-rules';

export const CLINIC_NOT_OFFERED =
  'This clinic no longer takes bookings here. Please choose another location.';

/**
 * 'Book Again': the location becomes the appointment's clinic or address and the cart its
 * procedures, through the booking transitions of @atrium/stores. The cart is emptied before the
 * location changes, so no 'Location Changed' dialog tells the client about a cart they replaced.
 */
export function rebook(location: BookingLocation, cart: readonly SelectedProcedure[]): void {
  for (const line of $selectedProcedures.get()) removeFromCart(line.id);
  changeLocation(location);
  for (const line of cart) addToCart(line.id, line.addOnIds);
}

type Marketplace = NonNullable<ReturnType<typeof useMarketplace>['data']>;

/** The appointment's place as a booking location: the clinic as the marketplace lists it, or the address geocoded. */
async function appointmentLocation(
  appointment: ProfileAppointment,
  marketplace: Marketplace,
): Promise<BookingLocation | { problem: string }> {
  if (appointment.organizationId) {
    const clinic = marketplace.clinicOrganizations.find((c) => c.id === appointment.organizationId);
    if (!clinic) return { problem: CLINIC_NOT_OFFERED };
    return { organizationId: clinic.id, name: clinic.name, address: clinic.address, phone: clinic.phone };
  }
  try {
    const place = await fetchGeocode({ address: appointment.location });
    return { address: place.address, latitude: place.latitude, longitude: place.longitude };
  } catch {
    return { problem: UNABLE_TO_GET_ADDRESS };
  }
}

/** 'Book Again' for a past appointment; then /schedule, or /services when nothing is still offered. */
export function useBookAgain(marketplaceId: string) {
  const marketplace = useMarketplace(marketplaceId).data;
  const navigate = useNavigate();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const bookAgain = async (appointment: ProfileAppointment) => {
    if (!marketplace || pendingId) return;
    setPendingId(appointment.id);
    try {
      const location = await appointmentLocation(appointment, marketplace);
      if ('problem' in location) {
        notify('error', location.problem);
        return;
      }
      const cart = bookAgainCart(appointment.procedures, marketplace.procedures);
      rebook(location, cart);
      navigate(`/${marketplaceId}/${cart.length > 0 ? 'schedule' : 'services'}`);
    } finally {
      setPendingId(null);
    }
  };

  return { bookAgain, pendingId, ready: Boolean(marketplace) };
}

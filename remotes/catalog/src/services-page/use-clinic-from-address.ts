import type { Marketplace } from '@atrium/graphql-client';
import { type BookingLocation, changeLocation, isClinicLocation } from '@atrium/stores';
import { useEffect } from 'react';

/**
 * /services?location={organizationId}: the clinic chosen on set-location (or from a shared link)
 * becomes the booking's location once the marketplace is known.
 */
export function useClinicFromAddress(
  clinicId: string | null,
  marketplace: Marketplace | undefined,
  location: BookingLocation | null,
) {
  useEffect(() => {
    const clinic = marketplace?.clinicOrganizations.find((c) => c.id === clinicId);
    if (!clinic) return;
    if (isClinicLocation(location) && location.organizationId === clinic.id) return;
    changeLocation({
      organizationId: clinic.id,
      name: clinic.name,
      address: clinic.address,
      phone: clinic.phone,
    });
  }, [clinicId, marketplace, location]);
}

import { useNavigate, useSearchParams } from '@atrium/navigation';
import {
  $locationType,
  $selectedLocation,
  changeLocation,
  clearLocation,
  emit,
  type HomeLocation,
  isClinicLocation,
  setLocationType,
} from '@atrium/stores';
import { Button, Card, Link, PageHeading, Skeleton, Stack, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { CatalogAnnouncement, editionMarker } from '../catalog-announcement';
import { readServiceSelection, serviceSelectionQuery } from '../shared/booking-links';
import { useCurrentMarketplace } from '../shared/use-catalog';
import { AddressSearch } from './address-search';
import type { ClinicSummary } from './clinic-filter';
import { ClinicList } from './clinic-list';
import { LocationToggle } from './location-toggle';
import { useProfileAddressLocation } from './profile-address';

/** /set-location: a clinic or the client's own address. */
export function SetLocationPage() {
  const { data: marketplace } = useCurrentMarketplace();
  const storedType = useStore($locationType);
  const location = useStore($selectedLocation);
  const { toServices, chooseClinic, chooseAddress } = useLocationChoice();
  const { locating } = useProfileAddressLocation(marketplace?.providesAtHome ?? false, toServices);

  if (!marketplace) return <Skeleton height="40" />;
  if (locating) return <LocatingProfileAddress />;

  const clinics = marketplace.clinicOrganizations;
  const offersMobile = marketplace.providesAtHome;
  const offersClinics = clinics.length > 0;
  const type = offersMobile && offersClinics ? (storedType ?? 'mobile') : offersMobile ? 'mobile' : 'clinic';

  return (
    <Stack gap="6" {...editionMarker}>
      <PageHeading mb="0">Choose Location</PageHeading>
      <CatalogAnnouncement />
      {offersMobile && offersClinics && <LocationToggle value={type} onChange={setLocationType} />}
      {type === 'mobile' ? (
        <Card.Root>
          <Card.Body gap="3">
            <Text color="fg.muted">
              We come to you: enter the address where you would like your treatment.
            </Text>
            <AddressSearch onChoose={chooseAddress} />
          </Card.Body>
        </Card.Root>
      ) : (
        <ClinicList
          clinics={clinics}
          selectedId={isClinicLocation(location) ? location.organizationId : null}
          onSelect={chooseClinic}
        />
      )}
      <OtherWays />
    </Stack>
  );
}

/**
 * Choosing a place changes the location and goes to the services; a service being added without a
 * location comes back to the services page after this, still chosen.
 */
function useLocationChoice() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = params.toString();
  const toServices = useCallback(
    (extra?: Record<string, string>) =>
      navigate(
        `../services${serviceSelectionQuery(readServiceSelection(new URLSearchParams(query)), extra)}`,
      ),
    [navigate, query],
  );
  const chooseClinic = (clinic: ClinicSummary) => {
    changeLocation({
      organizationId: clinic.id,
      name: clinic.name,
      address: clinic.address,
      phone: clinic.phone,
    });
    toServices({ location: clinic.id });
  };
  const chooseAddress = (home: HomeLocation) => {
    changeLocation(home);
    toServices();
  };
  return { toServices, chooseClinic, chooseAddress };
}

function LocatingProfileAddress() {
  return (
    <Stack gap="4" aria-busy="true" {...editionMarker}>
      <PageHeading mb="0">Choose Location</PageHeading>
      <Text color="fg.muted">Finding services near the address in your profile…</Text>
      <Skeleton height="24" />
    </Stack>
  );
}

/** Signing in for a faster checkout, or going on without a location. */
function OtherWays() {
  const navigate = useNavigate();
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'center' }} justify="space-between">
      {/* The label wraps on a narrow phone rather than running past the screen's edge. */}
      <Button
        variant="outline"
        whiteSpace="normal"
        h="auto"
        minH="10"
        py="2"
        onClick={() => emit('sign-in:open', {})}
      >
        Returning guest? Click here for a faster checkout
      </Button>
      <Link
        as="button"
        color="brand.fg"
        fontWeight="semibold"
        onClick={() => {
          clearLocation();
          navigate('../services');
        }}
      >
        Skip for now
      </Link>
    </Stack>
  );
}

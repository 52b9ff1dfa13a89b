import { errorMessage, type MarketplaceProcedure, type useMarketplace } from '@atrium/graphql-client';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import { $selectedLocation, isClinicLocation } from '@atrium/stores';
import { Card, PageHeading, RetryAlert, Skeleton, Stack, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo } from 'react';
import { CatalogAnnouncement, editionMarker } from '../catalog-announcement';
import {
  readServiceSelection,
  serviceSelectionQuery,
  withAddOns,
  withoutServiceSelection,
} from '../shared/booking-links';
import { useCurrentMarketplace, useOfferedCatalog } from '../shared/use-catalog';
import { CategoryAccordion } from './category-accordion';
import { ContinueFooter } from './continue-footer';
import { LocationCard } from './location-card';
import { useClinicFromAddress } from './use-clinic-from-address';
import { useServiceDialog } from './use-service-dialog';
import { useServiceToggles } from './use-service-toggles';

// The dialog (and the overlay and form code it needs) loads when a service is first opened.
const ServiceDialog = lazy(() => import('./service-dialog'));

/** /services: the catalogue at the chosen location, the cart, and the service dialog. */
export function ServicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: marketplace } = useCurrentMarketplace();
  const { location, query } = useOfferedCatalog();
  const selection = readServiceSelection(params);
  useClinicFromAddress(params.get('location'), marketplace, location);
  const dialog = useServiceDialog(query.data, selection.procedureId, setParams);
  const { openDialog, toggle } = useServiceToggles({ location, navigate, setParams });

  const atHome = marketplace?.providesAtHome ?? false;
  const clinics = (marketplace?.clinicOrganizations.length ?? 0) > 0;
  const offers = useMemo(() => ({ atHome, clinics }), [atHome, clinics]);

  return (
    <Stack gap="5" {...editionMarker}>
      <PageHeading mb="0">Select a Service</PageHeading>
      <CatalogAnnouncement />
      <LocationCard location={location} offers={offers} />
      <Catalogue query={query} onToggle={toggle} onOpen={openDialog} />
      <ContinueFooter />
      {dialog.opened && (
        <Suspense fallback={null}>
          <ServiceDialog
            procedure={dialog.procedure}
            addOnIds={selection.addOnIds}
            onAddOnsChange={(addOnIds) =>
              setParams((current) => withAddOns(current, addOnIds), { replace: true })
            }
            onClose={() => setParams((current) => withoutServiceSelection(current))}
            onSelectLocation={() => navigate(`../set-location${serviceSelectionQuery(selection)}`)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** The services by category, or why there are none to show. */
function Catalogue({
  query,
  onToggle,
  onOpen,
}: {
  query: ReturnType<typeof useMarketplace>;
  onToggle: (procedure: MarketplaceProcedure) => void;
  onOpen: (procedure: MarketplaceProcedure) => void;
}) {
  if (query.isPending) {
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading services">
        <Skeleton height="16" />
        <Skeleton height="16" />
        <Skeleton height="16" />
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert
        message={errorMessage(query.error, 'marketplace')}
        onRetry={() => query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data.categories.length > 0) {
    return <CategoryAccordion categories={query.data.categories} onToggle={onToggle} onOpen={onOpen} />;
  }
  return (
    <Card.Root variant="subtle">
      <Card.Body gap="1">
        <Text fontWeight="semibold" fontSize="lg">
          No Results
        </Text>
        {/* An address outside the service area is said to be so: the client is not told nothing exists. */}
        {query.data.outsideServiceArea && <NotVisited />}
        <Text>
          Sorry! There are no services available at the location you selected. Please try another location.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** 'We don't visit … yet': the client's own address is outside where the marketplace goes. */
function NotVisited() {
  const location = useStore($selectedLocation);
  const address = location && !isClinicLocation(location) ? location.address : 'your address';
  return <Text fontWeight="medium">We don't visit {address} yet.</Text>;
}

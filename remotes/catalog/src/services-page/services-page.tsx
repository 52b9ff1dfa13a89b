import { isInCart } from '@atrium/domain';
import { errorMessage, type MarketplaceProcedure } from '@atrium/graphql-client';
import { useNavigate, useSearchParams } from '@atrium/navigation';
import {
  $selectedProcedures,
  addToCart,
  changeLocation,
  emit,
  isClinicLocation,
  removeFromCart,
} from '@atrium/stores';
import { Alert, Card, PageHeading, Skeleton, Stack, Text } from '@atrium/ui';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CatalogAnnouncement, editionMarker } from '../catalog-announcement';
import { readServiceSelection, serviceSelectionQuery } from '../shared/booking-links';
import { useCurrentMarketplace, useOfferedCatalog } from '../shared/use-catalog';
import { CategoryAccordion } from './category-accordion';
import { ContinueFooter } from './continue-footer';
import { LocationCard } from './location-card';

// The dialog (and the overlay and form code it needs) loads when a service is first opened.
const ServiceDialog = lazy(() => import('./service-dialog'));

/** /services: the catalogue at the chosen location, the cart, and the service dialog (spec 2). */
export function ServicesPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data: marketplace } = useCurrentMarketplace();
  const { location, query } = useOfferedCatalog();
  const selection = readServiceSelection(params);
  const catalog = query.data;

  // /services?location={organizationId}: the clinic chosen on set-location (or from a shared link).
  const clinicParam = params.get('location');
  useEffect(() => {
    const clinic = marketplace?.clinicOrganizations.find((c) => c.id === clinicParam);
    if (!clinic) return;
    if (isClinicLocation(location) && location.organizationId === clinic.id) return;
    changeLocation({
      organizationId: clinic.id,
      name: clinic.name,
      address: clinic.address,
      phone: clinic.phone,
    });
  }, [clinicParam, marketplace, location]);

  const proceduresById = useMemo(
    () => new Map(catalog?.procedures.map((procedure) => [procedure.id, procedure])),
    [catalog],
  );
  const dialogProcedure = selection.procedureId ? (proceduresById.get(selection.procedureId) ?? null) : null;
  // Mounted from the first opening on, so that closing it can animate.
  const [dialogOpened, setDialogOpened] = useState(false);
  if (dialogProcedure && !dialogOpened) setDialogOpened(true);

  // A ?procedure= that this location does not offer: say so instead of opening an empty dialog.
  const reported = useRef<string | null>(null);
  useEffect(() => {
    if (!catalog || !selection.procedureId || dialogProcedure || reported.current === selection.procedureId)
      return;
    reported.current = selection.procedureId;
    emit('toast', { type: 'warning', message: 'That service is not offered at the location you chose.' });
    setParams((current) => withoutSelection(current), { replace: true });
  }, [catalog, selection.procedureId, dialogProcedure, setParams]);

  // Read by the callbacks the list gets, which then never change: neither the location nor the
  // address (a dialog opening or closing) re-renders the list.
  const latest = useRef({ location, navigate, setParams });
  latest.current = { location, navigate, setParams };

  const openDialog = useCallback((procedure: MarketplaceProcedure) => {
    const inCartLine = $selectedProcedures.get().find((line) => line.id === procedure.id);
    latest.current.setParams((current) => {
      const next = withoutSelection(current);
      next.set('procedure', procedure.id);
      if (inCartLine?.addOnIds.length) next.set('addons', inCartLine.addOnIds.join(','));
      return next;
    });
  }, []);

  const toggle = useCallback(
    (procedure: MarketplaceProcedure) => {
      if (isInCart($selectedProcedures.get(), procedure.id)) return removeFromCart(procedure.id);
      if (procedure.addOns.length > 0) return openDialog(procedure);
      if (!latest.current.location) {
        return latest.current.navigate(
          `../set-location${serviceSelectionQuery({ procedureId: procedure.id, addOnIds: [] })}`,
        );
      }
      addToCart(procedure.id);
    },
    [openDialog],
  );

  const atHome = marketplace?.providesAtHome ?? false;
  const clinics = (marketplace?.clinicOrganizations.length ?? 0) > 0;
  const offers = useMemo(() => ({ atHome, clinics }), [atHome, clinics]);

  return (
    <Stack gap="5" {...editionMarker}>
      <PageHeading mb="0">Select a Service</PageHeading>
      <CatalogAnnouncement />
      <LocationCard location={location} offers={offers} />
      {query.isPending ? (
        <Stack gap="3" aria-busy="true" aria-label="Loading services">
          <Skeleton height="16" />
          <Skeleton height="16" />
          <Skeleton height="16" />
        </Stack>
      ) : query.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(query.error, 'marketplace')}</Alert.Title>
        </Alert.Root>
      ) : catalog && catalog.categories.length > 0 ? (
        <CategoryAccordion categories={catalog.categories} onToggle={toggle} onOpen={openDialog} />
      ) : (
        <Card.Root variant="subtle">
          <Card.Body gap="1">
            <Text fontWeight="semibold" fontSize="lg">
              No Results
            </Text>
            <Text>
              Sorry! There are no services available at the location you selected. Please try another
              location.
            </Text>
          </Card.Body>
        </Card.Root>
      )}
      <ContinueFooter />
      {dialogOpened && (
        <Suspense fallback={null}>
          <ServiceDialog
            procedure={dialogProcedure}
            addOnIds={selection.addOnIds}
            onAddOnsChange={(addOnIds) =>
              setParams(
                (current) => {
                  const next = new URLSearchParams(current);
                  if (addOnIds.length > 0) next.set('addons', addOnIds.join(','));
                  else next.delete('addons');
                  return next;
                },
                { replace: true },
              )
            }
            onClose={() => setParams((current) => withoutSelection(current))}
            onSelectLocation={() => navigate(`../set-location${serviceSelectionQuery(selection)}`)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function withoutSelection(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('procedure');
  next.delete('addons');
  return next;
}

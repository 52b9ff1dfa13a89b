import { durationLabel, PHONE_BOOKING_MESSAGES, priceLabel } from '@atrium/domain';
import { type Marketplace, type MarketplaceProcedure, useMarketplace } from '@atrium/graphql-client';
import { Heading, Stack, Text } from '@atrium/ui';
import { Checkbox, Fieldset, RadioGroup } from '@atrium/ui/forms';
import { ClientAddressSearch } from '../shared/client-address-search';
import { LoadError, Loading } from '../shared/query-states';
import { type BookingDraft, type BookingPlaceChoice, offeredAt } from './booking-draft';

interface PlaceStepProps {
  marketplaceId: string;
  marketplace: Marketplace;
  draft: BookingDraft;
  update: (next: Partial<BookingDraft>) => void;
  /** Why the step cannot be left yet (no place, or no service). */
  problem: string | null;
}

/** A new place starts a new cart, as on the client side: what is offered differs from place to place. */
const newPlace = (place: BookingPlaceChoice | null): Partial<BookingDraft> => ({
  place,
  services: [],
  addOns: [],
  time: null,
});

/** Step 2: a clinic or the client's address, then the services and add-ons offered there. */
export function PlaceStep({ marketplaceId, marketplace, draft, update, problem }: PlaceStepProps) {
  const placeProblem = problem === PHONE_BOOKING_MESSAGES.place ? problem : null;
  return (
    <Stack gap="6">
      <Fieldset.Root invalid={Boolean(placeProblem)}>
        <Fieldset.Legend>Where is the visit?</Fieldset.Legend>
        <Stack gap="4" mt="2">
          {marketplace.providesAtHome && (
            <RadioGroup.Root
              value={draft.placeKind}
              onValueChange={(details) =>
                update({ placeKind: details.value as BookingDraft['placeKind'], ...newPlace(null) })
              }
              aria-label="Kind of visit"
            >
              <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
                <KindItem value="clinic" label="At a clinic" />
                <KindItem value="home" label="At the client's address" />
              </Stack>
            </RadioGroup.Root>
          )}
          {draft.placeKind === 'clinic' ? (
            <ClinicChoice
              marketplace={marketplace}
              draft={draft}
              onChoose={(place) => update(newPlace(place))}
            />
          ) : (
            <ClientAddressSearch
              marketplaceId={marketplaceId}
              chosen={draft.place?.kind === 'home' ? draft.place.address : null}
              onChoose={(address) => update(newPlace({ kind: 'home', ...address }))}
            />
          )}
          {placeProblem && <Fieldset.ErrorText role="alert">{placeProblem}</Fieldset.ErrorText>}
        </Stack>
      </Fieldset.Root>
      {draft.place && draft.place.kind === draft.placeKind && (
        <ServiceChoice
          marketplaceId={marketplaceId}
          place={draft.place}
          draft={draft}
          update={update}
          problem={problem === PHONE_BOOKING_MESSAGES.services ? problem : null}
        />
      )}
    </Stack>
  );
}

function KindItem({ value, label }: { value: string; label: string }) {
  return (
    <RadioGroup.Item value={value}>
      <RadioGroup.ItemHiddenInput />
      <RadioGroup.ItemIndicator />
      <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
    </RadioGroup.Item>
  );
}

function ClinicChoice({
  marketplace,
  draft,
  onChoose,
}: {
  marketplace: Marketplace;
  draft: BookingDraft;
  onChoose: (place: BookingPlaceChoice) => void;
}) {
  const clinics = marketplace.clinicOrganizations;
  if (clinics.length === 0) return <Text>This marketplace has no clinic yet.</Text>;
  const chosen = draft.place?.kind === 'clinic' ? draft.place.clinic.id : null;
  return (
    <RadioGroup.Root
      value={chosen}
      onValueChange={(details) => {
        const clinic = clinics.find((candidate) => candidate.id === details.value);
        if (clinic) onChoose({ kind: 'clinic', clinic });
      }}
      aria-label="Clinic"
    >
      <Stack gap="3">
        {clinics.map((clinic) => (
          <RadioGroup.Item key={clinic.id} value={clinic.id} alignItems="start">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator mt="0.5" />
            <RadioGroup.ItemText>
              <Text as="span" display="block" fontWeight="semibold">
                {clinic.name}
              </Text>
              <Text as="span" display="block" color="fg.muted">
                {clinic.address}
              </Text>
            </RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </Stack>
    </RadioGroup.Root>
  );
}

interface ServiceChoiceProps {
  marketplaceId: string;
  place: BookingPlaceChoice;
  draft: BookingDraft;
  update: (next: Partial<BookingDraft>) => void;
  problem: string | null;
}

/** The services offered at the place (the catalogue the client side reads), each with its add-ons. */
function ServiceChoice({ marketplaceId, place, draft, update, problem }: ServiceChoiceProps) {
  const offered = useMarketplace(marketplaceId, offeredAt(place));
  const toggleService = (service: MarketplaceProcedure, on: boolean) => {
    const services = on ? [...draft.services, service.id] : draft.services.filter((id) => id !== service.id);
    // An add-on stays only while a chosen service offers it.
    const offeredAddOns = new Set(
      (offered.data?.categories ?? [])
        .flatMap((category) => category.procedures)
        .filter((procedure) => services.includes(procedure.id))
        .flatMap((procedure) => procedure.addOns.map((addOn) => addOn.id)),
    );
    update({ services, addOns: draft.addOns.filter((id) => offeredAddOns.has(id)), time: null });
  };
  const toggleAddOn = (id: string, on: boolean) =>
    update({
      addOns: on ? [...draft.addOns, id] : draft.addOns.filter((chosen) => chosen !== id),
      time: null,
    });

  const categories = offered.data?.categories ?? [];
  return (
    <Fieldset.Root invalid={Boolean(problem)}>
      <Fieldset.Legend>Services</Fieldset.Legend>
      {offered.isPending ? (
        <Loading label="Loading services" />
      ) : offered.isError ? (
        <LoadError error={offered.error} action="marketplace" onRetry={() => offered.refetch()} />
      ) : categories.length === 0 ? (
        <Text mt="2">No services are offered here. Choose another place.</Text>
      ) : (
        <Stack gap="5" mt="2">
          {categories.map((category) => (
            <Stack key={category.id} gap="2">
              <Heading as="h3" size="sm">
                {category.name}
              </Heading>
              <Stack as="ul" listStyleType="none" gap="3">
                {category.procedures.map((service) => (
                  <li key={service.id}>
                    <ServiceBox
                      service={service}
                      chosen={draft.services.includes(service.id)}
                      addOns={draft.addOns}
                      onService={(on) => toggleService(service, on)}
                      onAddOn={toggleAddOn}
                    />
                  </li>
                ))}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {problem && <Fieldset.ErrorText role="alert">{problem}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/** A service, and once chosen its add-ons. */
function ServiceBox({
  service,
  chosen,
  addOns,
  onService,
  onAddOn,
}: {
  service: MarketplaceProcedure;
  chosen: boolean;
  addOns: string[];
  onService: (on: boolean) => void;
  onAddOn: (id: string, on: boolean) => void;
}) {
  return (
    <>
      <ProcedureBox procedure={service} checked={chosen} onChange={onService} />
      {chosen && service.addOns.length > 0 && (
        <Fieldset.Root ms="7" mt="2">
          <Fieldset.Legend fontSize="sm">Add-ons for {service.name}</Fieldset.Legend>
          <Stack gap="2" mt="1">
            {service.addOns.map((addOn) => (
              <ProcedureBox
                key={addOn.id}
                procedure={addOn}
                checked={addOns.includes(addOn.id)}
                onChange={(on) => onAddOn(addOn.id, on)}
              />
            ))}
          </Stack>
        </Fieldset.Root>
      )}
    </>
  );
}

function ProcedureBox({
  procedure,
  checked,
  onChange,
}: {
  procedure: Pick<MarketplaceProcedure, 'name' | 'price' | 'duration'>;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const details = [priceLabel(procedure.price), durationLabel(procedure.duration)]
    .filter(Boolean)
    .join(' · ');
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(change) => onChange(change.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        {procedure.name}
        {details && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            · {details}
          </Text>
        )}
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

import { Stack } from '@atrium/ui';
import { Field, NativeSelect } from '@atrium/ui/forms';
import { useId } from 'react';
import { ClientAddressSearch } from '../shared/client-address-search';
import type { VisitAddress } from './outside-visit-form';
import { AT_HOME } from './use-schedule-params';

export interface VisitClinic {
  id: string;
  name: string;
  timeZone: string;
}

interface VisitPlaceProps {
  marketplaceId: string;
  clinics: readonly VisitClinic[];
  providesAtHome: boolean;
  place: string;
  address: VisitAddress | null;
  error: string | undefined;
  onPlace: (place: string) => void;
  onAddress: (address: VisitAddress) => void;
}

/** Where the visit is: one of the marketplace's clinics, or the client's address found by search. */
export function VisitPlace(props: VisitPlaceProps) {
  const { clinics, providesAtHome, place, error, onPlace } = props;
  const id = useId();
  return (
    <Stack gap="3">
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label htmlFor={id}>
          Place <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field id={id} value={place} onChange={(event) => onPlace(event.target.value)}>
            <option value="">Choose a place</option>
            {clinics.map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {clinic.name}
              </option>
            ))}
            {providesAtHome && <option value={AT_HOME}>At the client's address</option>}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      {place === AT_HOME && (
        <ClientAddressSearch
          marketplaceId={props.marketplaceId}
          chosen={props.address?.address ?? null}
          onChoose={props.onAddress}
        />
      )}
    </Stack>
  );
}

/** Which zone the visit's times are in: the clinic's, or the marketplace's for a client's address. */
export function placeZoneHint(clinics: readonly VisitClinic[], place: string): string {
  const clinic = clinics.find((candidate) => candidate.id === place);
  if (clinic) return `Times are local to ${clinic.name} (${clinic.timeZone.replaceAll('_', ' ')}), 24-hour.`;
  if (place === AT_HOME) return "Times are in the marketplace's time zone, 24-hour.";
  return 'Times are local to the place, 24-hour.';
}

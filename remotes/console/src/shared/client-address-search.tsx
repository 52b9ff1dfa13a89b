import { createPlaceSearch, type PlaceOption, UNABLE_TO_GET_ADDRESS } from '@atrium/graphql-client/places';
import { $browserConfig } from '@atrium/stores';
import { Stack, Text } from '@atrium/ui';
import { PlaceCombobox } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';

/** A client's address as the place search resolved it. */
export interface ClientAddress {
  address: string;
  latitude: number;
  longitude: number;
}

interface ClientAddressSearchProps {
  marketplaceId: string;
  /** The address chosen so far, shown under the search; null before one is. */
  chosen: string | null;
  onChoose: (address: ClientAddress) => void;
}

/**
 * The client's address by the place search the client side uses (the marketplace's, or Google's when
 * configured); a suggestion that cannot be resolved says so and keeps the last choice.
 */
export function ClientAddressSearch({ marketplaceId, chosen, onChoose }: ClientAddressSearchProps) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const placeSearch = useMemo(
    () => createPlaceSearch({ googleMapsApiKey, marketplaceId }),
    [googleMapsApiKey, marketplaceId],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const choose = async (option: PlaceOption) => {
    setProblem(null);
    setResolving(true);
    try {
      const { address, latitude, longitude } = await placeSearch.resolve(option);
      onChoose({ address, latitude, longitude });
    } catch {
      setProblem(UNABLE_TO_GET_ADDRESS);
    } finally {
      setResolving(false);
    }
  };
  return (
    <Stack gap="2">
      <PlaceCombobox<PlaceOption>
        label="Client's address"
        placeholder="Start typing the street and city"
        search={(input, signal) => placeSearch.suggest(input, { signal })}
        onSelect={(option) => void choose(option)}
        errorText={problem}
        disabled={resolving}
        listPlacement="inline"
      />
      <Text aria-live="polite" color={chosen ? 'fg' : 'fg.muted'}>
        {chosen ? `Visit at ${chosen}` : 'No address chosen yet.'}
      </Text>
    </Stack>
  );
}

import { createPlaceSearch, type PlaceOption, UNABLE_TO_GET_ADDRESS } from '@atrium/graphql-client/places';
import { $browserConfig, $marketplaceId, type HomeLocation } from '@atrium/stores';
import { PlaceCombobox } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';

/** Mobile: the client's own address, with suggestions as they type (US, English). */
export function AddressSearch({ onChoose }: { onChoose: (location: HomeLocation) => void }) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const marketplaceId = useStore($marketplaceId);
  const placeSearch = useMemo(
    () => createPlaceSearch({ googleMapsApiKey, marketplaceId }),
    [googleMapsApiKey, marketplaceId],
  );
  const [error, setError] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);

  const choose = async (option: PlaceOption) => {
    setError(null);
    setResolving(true);
    try {
      onChoose(await placeSearch.resolve(option));
    } catch {
      setError(UNABLE_TO_GET_ADDRESS);
    } finally {
      setResolving(false);
    }
  };

  return (
    <PlaceCombobox<PlaceOption>
      label="Service address"
      placeholder="Start typing your street and city"
      search={(input, signal) => placeSearch.suggest(input, { signal })}
      onSelect={choose}
      errorText={error}
      disabled={resolving}
    />
  );
}

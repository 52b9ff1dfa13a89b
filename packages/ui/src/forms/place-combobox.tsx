import { Text } from '@chakra-ui/react';
import { SearchCombobox, type SearchComboboxProps } from './search-combobox';

/** A place suggestion as the place search gives it: its first line and the rest of its address. */
export interface PlaceSuggestion {
  id: string;
  description: string;
  mainText: string;
  secondaryText: string | null;
}

const placeKey = (place: PlaceSuggestion) => place.id;
const placeText = (place: PlaceSuggestion) => place.description;

function PlaceLines({ place }: { place: PlaceSuggestion }) {
  return (
    <>
      <Text fontWeight="medium">{place.mainText}</Text>
      {place.secondaryText && (
        <Text fontSize="sm" color="fg.muted">
          {place.secondaryText}
        </Text>
      )}
    </>
  );
}

export type PlaceComboboxProps<T extends PlaceSuggestion> = Omit<
  SearchComboboxProps<T>,
  'getKey' | 'getText' | 'renderItem'
>;

/** The place search (a service address, the profile's autofill): each suggestion on two lines. */
export function PlaceCombobox<T extends PlaceSuggestion>(props: PlaceComboboxProps<T>) {
  return (
    <SearchCombobox<T>
      {...props}
      getKey={placeKey}
      getText={placeText}
      renderItem={(place) => <PlaceLines place={place} />}
    />
  );
}

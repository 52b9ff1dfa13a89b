import {
  createPlaceSearch,
  type PlaceOption,
  type ResolvedPlace,
  UNABLE_TO_GET_ADDRESS,
} from '@atrium/graphql-client/places';
import { $browserConfig, $marketplaceId } from '@atrium/stores';
import { Button, Flex, PinIcon, Stack, Text } from '@atrium/ui';
import { Field, Input, PlaceCombobox } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { completeAddress } from './autofill-address';

interface AutofillAddressDialogProps {
  open: boolean;
  onClose: () => void;
  onSelect: (place: ResolvedPlace) => void;
}

/** The browser's position; rejects when there is no geolocation or the client refuses it. */
function currentPosition(): Promise<{ latitude: number; longitude: number }> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      reject(new Error('Geolocation is not available'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      reject,
      { timeout: 15_000, maximumAge: 60_000 },
    );
  });
}

/**
 * 'Auto Fill Address': a place search ('Search for a place', the same US address search as
 * /set-location) or the browser's current location reverse geocoded; 'Select Address' puts the
 * chosen address into the form, and 'Unable to get address. Please try again.' says it failed.
 * 'Use current location' comes first and the suggestions open in the flow under the search, so the
 * list never covers nor moves the button (clicking it closes the list). A place known only
 * to its city and ZIP code (the embedded gazetteer has no streets) is said to be so, and the client
 * adds their street before it can be selected: a profile address is where a practitioner goes.
 */
export function AutofillAddressDialog({ open, onClose, onSelect }: AutofillAddressDialogProps) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const marketplaceId = useStore($marketplaceId);
  const placeSearch = useMemo(
    () => createPlaceSearch({ googleMapsApiKey, marketplaceId }),
    [googleMapsApiKey, marketplaceId],
  );
  const found = useFoundPlace();
  const close = () => {
    found.reset();
    onClose();
  };
  const select = () => {
    if (!found.place || !found.address) return;
    onSelect({ ...found.place, address: found.address, hasStreet: true });
    close();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Auto Fill Address"
      footer={<DialogActions canSelect={found.canSelect} onCancel={close} onSelect={select} />}
    >
      <Stack gap="4">
        <Button
          variant="outline"
          alignSelf="start"
          loading={found.busy === 'locate'}
          loadingText="Use current location"
          onClick={() =>
            found.resolveWith('locate', async () => placeSearch.reverse(await currentPosition()))
          }
        >
          <PinIcon /> Use current location
        </Button>
        <PlaceCombobox<PlaceOption>
          label="Place"
          placeholder="Search for a place"
          search={(input, signal) => placeSearch.suggest(input, { signal })}
          onSelect={(option) => found.resolveWith('search', () => placeSearch.resolve(option))}
          disabled={found.busy !== null}
          listPlacement="inline"
        />
        <FoundPlace place={found.place} busy={found.busy !== null} />
        {found.needsStreet && (
          <StreetField
            street={found.street}
            onStreet={found.setStreet}
            address={found.address}
            inputRef={found.streetInput}
          />
        )}
        {found.error && (
          <Text role="alert" color="fg.error">
            {found.error}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

/** The place found by search or location, the street a street-less one needs, and what went wrong. */
function useFoundPlace() {
  const [place, setPlace] = useState<ResolvedPlace | null>(null);
  const [street, setStreet] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'search' | 'locate' | null>(null);
  const streetInput = useRef<HTMLInputElement>(null);
  const needsStreet = place !== null && !place.hasStreet;
  // What 'Select Address' puts in the form: the place's address, completed with the typed street.
  const address = place && (needsStreet ? completeAddress(street, place.address) : place.address);

  // The street is what is left to do: the field takes the focus as it appears.
  useEffect(() => {
    if (place && !place.hasStreet) streetInput.current?.focus();
  }, [place]);

  const resolveWith = async (kind: 'search' | 'locate', find: () => Promise<ResolvedPlace>) => {
    setError(null);
    setStreet('');
    setBusy(kind);
    try {
      setPlace(await find());
    } catch {
      setPlace(null);
      setError(UNABLE_TO_GET_ADDRESS);
    } finally {
      setBusy(null);
    }
  };

  const reset = () => {
    setPlace(null);
    setStreet('');
    setError(null);
  };

  const canSelect = Boolean(place && address && busy === null);
  return {
    place,
    street,
    setStreet,
    error,
    busy,
    streetInput,
    needsStreet,
    address,
    canSelect,
    resolveWith,
    reset,
  };
}

function DialogActions(props: { canSelect: boolean; onCancel: () => void; onSelect: () => void }) {
  return (
    <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
      <Button variant="outline" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button disabled={!props.canSelect} onClick={props.onSelect}>
        Select Address
      </Button>
    </Flex>
  );
}

/** What was found, announced as it comes: the address, or the area whose street is missing. */
function FoundPlace({ place, busy }: { place: ResolvedPlace | null; busy: boolean }) {
  return (
    <Stack gap="1" role="status" aria-live="polite">
      {busy && (
        <Text fontSize="sm" color="fg.muted">
          Finding the address…
        </Text>
      )}
      {place && !busy && (
        <>
          <Text fontSize="sm" color="fg.muted">
            {place.hasStreet ? 'Selected address' : 'Selected area'}
          </Text>
          <Text fontWeight="medium">{place.address}</Text>
          {!place.hasStreet && (
            <Text fontSize="sm">
              We found your city and ZIP code but not your street. Add your street address to complete it.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}

interface StreetFieldProps {
  street: string;
  onStreet: (street: string) => void;
  /** The address as it will be selected, shown under the field. */
  address: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}

function StreetField({ street, onStreet, address, inputRef }: StreetFieldProps) {
  return (
    <Field.Root required>
      <Field.Label>
        Street address <Field.RequiredIndicator />
      </Field.Label>
      <Input
        value={street}
        onChange={(event) => onStreet(event.target.value)}
        placeholder="e.g. 350 5th Ave, Apt 4"
        autoComplete="address-line1"
        ref={inputRef}
      />
      {address && <Field.HelperText>{address}</Field.HelperText>}
    </Field.Root>
  );
}

import {
  createPlaceSearch,
  type PlaceOption,
  type ResolvedPlace,
  UNABLE_TO_GET_ADDRESS,
} from '@atrium/graphql-client/places';
import { $browserConfig } from '@atrium/stores';
import { Button, Flex, PinIcon, Stack, Text } from '@atrium/ui';
import { Autocomplete, Field, Input } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
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
 * Spec 2 'Auto Fill Address': a place search ('Search for a place', the same US address search as
 * /set-location) or the browser's current location reverse geocoded; 'Select Address' puts the
 * chosen address into the form. Spec 5: 'Unable to get address. Please try again.' when it fails.
 * 'Use current location' comes first and the suggestions open in the flow under the search, so the
 * list never covers nor moves the button (clicking it closes the list). A place known only
 * to its city and ZIP code (the embedded gazetteer has no streets) is said to be so, and the client
 * adds their street before it can be selected: a profile address is where a practitioner goes.
 */
export function AutofillAddressDialog({ open, onClose, onSelect }: AutofillAddressDialogProps) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const placeSearch = useMemo(() => createPlaceSearch({ googleMapsApiKey }), [googleMapsApiKey]);
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

  const close = () => {
    setPlace(null);
    setStreet('');
    setError(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      onClose={close}
      title="Auto Fill Address"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!place || !address || busy !== null}
            onClick={() => {
              if (!place || !address) return;
              onSelect({ ...place, address, hasStreet: true });
              close();
            }}
          >
            Select Address
          </Button>
        </Flex>
      }
    >
      <Stack gap="4">
        <Button
          variant="outline"
          alignSelf="start"
          loading={busy === 'locate'}
          loadingText="Use current location"
          onClick={() => resolveWith('locate', async () => placeSearch.reverse(await currentPosition()))}
        >
          <PinIcon /> Use current location
        </Button>
        <Autocomplete<PlaceOption>
          label="Place"
          placeholder="Search for a place"
          search={(input, signal) => placeSearch.suggest(input, { signal })}
          getKey={(option) => option.id}
          renderItem={(option) => (
            <>
              <Text fontWeight="medium">{option.mainText}</Text>
              {option.secondaryText && (
                <Text fontSize="sm" color="fg.muted">
                  {option.secondaryText}
                </Text>
              )}
            </>
          )}
          onSelect={(option) => resolveWith('search', () => placeSearch.resolve(option))}
          disabled={busy !== null}
          listPlacement="inline"
        />
        <Stack gap="1" role="status" aria-live="polite">
          {busy && (
            <Text fontSize="sm" color="fg.muted">
              Finding the address…
            </Text>
          )}
          {place && !busy && !needsStreet && (
            <>
              <Text fontSize="sm" color="fg.muted">
                Selected address
              </Text>
              <Text fontWeight="medium">{place.address}</Text>
            </>
          )}
          {place && !busy && needsStreet && (
            <>
              <Text fontSize="sm" color="fg.muted">
                Selected area
              </Text>
              <Text fontWeight="medium">{place.address}</Text>
              <Text fontSize="sm">
                We found your city and ZIP code but not your street. Add your street address to complete it.
              </Text>
            </>
          )}
        </Stack>
        {needsStreet && (
          <Field.Root required>
            <Field.Label>
              Street address <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={street}
              onChange={(event) => setStreet(event.target.value)}
              placeholder="e.g. 350 5th Ave, Apt 4"
              autoComplete="address-line1"
              ref={streetInput}
            />
            {address && <Field.HelperText>{address}</Field.HelperText>}
          </Field.Root>
        )}
        {error && (
          <Text role="alert" color="fg.error">
            {error}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

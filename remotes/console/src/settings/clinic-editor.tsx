import { clinicRules, formatPhone, type OpeningInterval } from '@atrium/domain';
import {
  createPlaceSearch,
  fetchReverseGeocode,
  type PlaceOption,
  UNABLE_TO_GET_ADDRESS,
} from '@atrium/graphql-client/places';
import type { StaffClinicInput, StaffSettingsClinic } from '@atrium/graphql-client/staff-settings';
import { $browserConfig } from '@atrium/stores';
import { Button, Heading, Stack, Text } from '@atrium/ui';
import { Field, focusFirstInvalid, NativeSelect, PlaceCombobox, useForm } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { type FormEvent, useMemo, useState } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { OpeningHoursField } from './opening-hours-field';
import { useConfirmLeave, useReportDirty } from './unsaved-changes';

interface ClinicValues {
  name: string;
  address: string;
  latitude: number | null;
  longitude: number | null;
  phone: string;
  timeZone: string;
  openingHours: OpeningInterval[];
}

const clinicValues = (clinic: StaffSettingsClinic | null): ClinicValues =>
  clinic
    ? {
        name: clinic.name,
        address: clinic.address,
        latitude: clinic.latitude,
        longitude: clinic.longitude,
        phone: formatPhone(clinic.phone),
        timeZone: clinic.timeZone,
        openingHours: clinic.openingHours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })),
      }
    : { name: '', address: '', latitude: null, longitude: null, phone: '', timeZone: '', openingHours: [] };

/** The IANA zones the browser knows, for the time zone list. */
function timeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return current && !zones.includes(current) ? [current, ...zones] : zones;
}

/** The clinic's IANA zone: set from the chosen place, changeable if that is wrong. */
function TimeZoneField({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | undefined;
  onChange: (zone: string) => void;
}) {
  // Some 400 options: built once per zone, not at every keystroke elsewhere in the form.
  const options = useMemo(
    () =>
      timeZones(value).map((zone) => (
        <option key={zone} value={zone}>
          {zone}
        </option>
      )),
    [value],
  );
  return (
    <Field.Root required invalid={Boolean(error)}>
      <Field.Label>
        Time zone <Field.RequiredIndicator />
      </Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">Choose…</option>
          {options}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {error ? (
        <Field.ErrorText>{error}</Field.ErrorText>
      ) : (
        <Field.HelperText>Set from the address; change it only if it is wrong.</Field.HelperText>
      )}
    </Field.Root>
  );
}

/** The clinic's place: searched, then its address (completed by hand if needed), point and zone kept. */
function usePlaceChoice(
  onPlace: (place: { address: string; latitude: number; longitude: number; timeZone: string }) => void,
) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const placeSearch = useMemo(() => createPlaceSearch({ googleMapsApiKey }), [googleMapsApiKey]);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (option: PlaceOption) => {
    setProblem(null);
    try {
      const place = await placeSearch.resolve(option);
      // The zone comes from the API, whichever service found the place.
      const { timeZone } = await fetchReverseGeocode(place.latitude, place.longitude);
      onPlace({ address: place.address, latitude: place.latitude, longitude: place.longitude, timeZone });
    } catch {
      setProblem(UNABLE_TO_GET_ADDRESS);
    }
  };
  return { placeSearch, problem, choose };
}

/** Adds a clinic (`clinic` null) or changes one, with its place, phone, time zone and opening hours. */
export function ClinicEditor({
  marketplaceId,
  clinic,
  onDone,
}: {
  marketplaceId: string;
  clinic: StaffSettingsClinic | null;
  onDone: () => void;
}) {
  const initial = useMemo(() => clinicValues(clinic), [clinic]);
  const form = useForm(clinicRules, initial);
  const create = useSettingsSave('createClinic', 'Clinic added.');
  const update = useSettingsSave('updateClinic', 'Clinic saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('clinic', dirty);
  const { values, errors, setValue } = form;
  const place = usePlaceChoice((chosen) => form.setValues((current) => ({ ...current, ...chosen })));
  const confirmLeave = useConfirmLeave();
  const title = clinic ? `Edit ${clinic.name}` : 'Add a clinic';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: StaffClinicInput | null = form.validate();
    if (!input) return focusFirstInvalid(event.currentTarget);
    const handlers = { onSaved: onDone, onRefused: (message: string) => form.setError(null, message) };
    if (clinic) update.save({ marketplaceId, id: clinic.id, input }, handlers);
    else create.save({ marketplaceId, input }, handlers);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-clinic-heading">
      <Stack gap="5" maxW="2xl">
        <Heading as="h3" size="md" id="settings-clinic-heading">
          {title}
        </Heading>
        <TextField
          label="Clinic name"
          required
          value={values.name}
          onValue={(v) => setValue('name', v)}
          error={errors.name}
        />
        <PlaceCombobox<PlaceOption>
          label="Find the address"
          placeholder="Search for a place"
          search={(input, signal) => place.placeSearch.suggest(input, { signal })}
          onSelect={(option) => void place.choose(option)}
          errorText={place.problem ?? errors.latitude ?? errors.longitude ?? null}
          listPlacement="inline"
        />
        <TextField
          label="Address"
          required
          value={values.address}
          onValue={(v) => setValue('address', v)}
          error={errors.address}
          helper={
            values.latitude === null
              ? 'Choose the address in the search above first.'
              : 'Add the street and number if the search found only the city.'
          }
        />
        <TextField
          label="Phone"
          type="tel"
          required
          value={values.phone}
          onValue={(v) => setValue('phone', v)}
          error={errors.phone}
        />
        <TimeZoneField
          value={values.timeZone}
          error={errors.timeZone}
          onChange={(zone) => setValue('timeZone', zone)}
        />
        <OpeningHoursField
          value={values.openingHours}
          error={errors.openingHours}
          onChange={(hours) => setValue('openingHours', hours)}
        />
        {values.latitude !== null && values.longitude !== null && (
          <Text
            fontSize="sm"
            color="fg.muted"
          >{`On the map at ${values.latitude.toFixed(4)}, ${values.longitude.toFixed(4)}.`}</Text>
        )}
        <FormActions
          dirty={dirty}
          pending={create.pending || update.pending}
          formError={form.formError}
          onDiscard={() => form.setValues(initial)}
          saveLabel={clinic ? 'Save clinic' : 'Add clinic'}
        />
        <Button variant="ghost" alignSelf="start" onClick={() => confirmLeave(onDone)}>
          Back to clinics
        </Button>
      </Stack>
    </form>
  );
}

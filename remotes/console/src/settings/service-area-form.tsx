import { centsAsDollarsText, serviceAreaRules } from '@atrium/domain';
import { createPlaceSearch, type PlaceOption, UNABLE_TO_GET_ADDRESS } from '@atrium/graphql-client/places';
import type { StaffSettings } from '@atrium/graphql-client/staff-settings';
import { $browserConfig } from '@atrium/stores';
import { Heading, Stack, Text } from '@atrium/ui';
import { Checkbox, Fieldset, focusFirstInvalid, PlaceCombobox, RadioGroup, useForm } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';
import { type FormEvent, useMemo, useState } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useReportDirty } from './unsaved-changes';

type Kind = 'radius' | 'zip_codes';

interface AreaValues {
  providesAtHome: boolean;
  kind: Kind;
  latitude: number | null;
  longitude: number | null;
  radiusKm: string;
  /** As typed: '10001, 10002'. */
  zipCodes: string;
  /** Dollars as typed. */
  travelFeeCents: string;
}

const areaValues = ({ serviceArea: area }: StaffSettings): AreaValues => ({
  providesAtHome: area.providesAtHome,
  kind: area.kind ?? 'radius',
  latitude: area.latitude ?? null,
  longitude: area.longitude ?? null,
  radiusKm: area.radiusKm === null || area.radiusKm === undefined ? '' : String(area.radiusKm),
  zipCodes: area.zipCodes.join(', '),
  travelFeeCents: centsAsDollarsText(area.travelFeeCents),
});

/** The centre of the circle: chosen in the place search, shown by its address once chosen. */
function CentreField({
  values,
  error,
  onCentre,
}: {
  values: AreaValues;
  error: string | undefined;
  onCentre: (centre: { latitude: number; longitude: number }) => void;
}) {
  const { googleMapsApiKey } = useStore($browserConfig);
  const placeSearch = useMemo(() => createPlaceSearch({ googleMapsApiKey }), [googleMapsApiKey]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (option: PlaceOption) => {
    setProblem(null);
    try {
      const place = await placeSearch.resolve(option);
      setChosen(place.address);
      onCentre({ latitude: place.latitude, longitude: place.longitude });
    } catch {
      setProblem(UNABLE_TO_GET_ADDRESS);
    }
  };
  const where =
    chosen ??
    (values.latitude !== null && values.longitude !== null
      ? `${values.latitude.toFixed(4)}, ${values.longitude.toFixed(4)}`
      : null);
  return (
    <Stack gap="2">
      <PlaceCombobox<PlaceOption>
        label="Centre of the area"
        placeholder="Search for a place"
        search={(input, signal) => placeSearch.suggest(input, { signal })}
        onSelect={(option) => void choose(option)}
        errorText={problem ?? error ?? null}
        listPlacement="inline"
      />
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {where ? `Centre: ${where}` : 'No centre chosen yet.'}
      </Text>
    </Stack>
  );
}

/** Whether the area is a circle around a place or a list of ZIP codes. */
function AreaKindField({ value, onChange }: { value: Kind; onChange: (kind: Kind) => void }) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend id="settings-area-kind">The area is</Fieldset.Legend>
      <RadioGroup.Root
        value={value}
        onValueChange={(d) => onChange(d.value as Kind)}
        aria-labelledby="settings-area-kind"
      >
        <Stack gap="2">
          {[
            { value: 'radius', label: 'A distance around a place' },
            { value: 'zip_codes', label: 'A list of ZIP codes' },
          ].map((kind) => (
            <RadioGroup.Item key={kind.value} value={kind.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{kind.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
    </Fieldset.Root>
  );
}

/** Whether at-home visits are offered, where (a circle or ZIP codes) and their travel fee. */
export function ServiceAreaForm({
  marketplaceId,
  settings,
}: {
  marketplaceId: string;
  settings: StaffSettings;
}) {
  const initial = areaValues(settings);
  const form = useForm(serviceAreaRules, initial);
  const { save, pending } = useSettingsSave('updateServiceArea', 'At-home area saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('area', dirty);
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const area = form.validate();
    if (!area) return focusFirstInvalid(event.currentTarget);
    const input = {
      providesAtHome: area.providesAtHome,
      kind: values.kind,
      latitude: area.circle?.latitude ?? null,
      longitude: area.circle?.longitude ?? null,
      radiusKm: area.circle?.radiusKm ?? null,
      zipCodes: area.zipCodes,
      travelFeeCents: area.travelFeeCents,
    };
    save(
      { marketplaceId, input },
      {
        onSaved: (saved) => form.setValues(areaValues(saved)),
        onRefused: (message) => form.setError(null, message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-area-heading">
      <Stack gap="5" maxW="2xl">
        <Heading as="h3" size="md" id="settings-area-heading">
          At-home area
        </Heading>
        <Checkbox.Root
          checked={values.providesAtHome}
          onCheckedChange={(d) => setValue('providesAtHome', d.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Offer at-home visits</Checkbox.Label>
        </Checkbox.Root>
        <AreaKindField value={values.kind} onChange={(kind) => setValue('kind', kind)} />
        {values.kind === 'radius' ? (
          <>
            <CentreField
              values={values}
              error={errors.latitude}
              onCentre={(centre) => form.setValues((current) => ({ ...current, ...centre }))}
            />
            <TextField
              label="Radius (km)"
              inputMode="decimal"
              required={values.providesAtHome}
              value={values.radiusKm}
              onValue={(v) => setValue('radiusKm', v)}
              error={errors.radiusKm}
            />
          </>
        ) : (
          <TextField
            label="ZIP codes"
            required={values.providesAtHome}
            value={values.zipCodes}
            onValue={(v) => setValue('zipCodes', v)}
            error={errors.zipCodes}
            helper="Five digits each, separated by commas."
          />
        )}
        <TextField
          label="Travel fee ($)"
          inputMode="decimal"
          required
          value={values.travelFeeCents}
          onValue={(v) => setValue('travelFeeCents', v)}
          error={errors.travelFeeCents}
          helper="Added to every at-home visit."
        />
        <FormActions
          dirty={dirty}
          pending={pending}
          formError={form.formError}
          onDiscard={() => form.setValues(initial)}
        />
      </Stack>
    </form>
  );
}

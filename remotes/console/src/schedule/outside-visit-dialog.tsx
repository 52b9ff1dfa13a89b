import { OUTSIDE_VISIT_NOTE_MAX_LENGTH } from '@atrium/domain';
import type { StaffOutsideVisit } from '@atrium/graphql-client/staff';
import { useStaffTeam } from '@atrium/graphql-client/staff-team';
import { emit } from '@atrium/stores';
import { SimpleGrid, Stack, Text } from '@atrium/ui';
import { Input, NativeSelect, Textarea } from '@atrium/ui/forms';
import { EditorDialog } from '../offers/editor-dialog';
import { TextField } from '../offers/promo-code-editor';
import { LoadError, Loading } from '../shared/query-states';
import type { OutsideVisitValues } from './outside-visit-form';
import { placeZoneHint, type VisitClinic, VisitPlace } from './outside-visit-place';
import { appointmentTimes, dayHeading } from './schedule-range';
import { useOutsideVisitForm } from './use-outside-visit-form';

export interface OutsideVisitDialogProps {
  marketplaceId: string;
  clinics: readonly VisitClinic[];
  providesAtHome: boolean;
  initial: OutsideVisitValues;
  onClose: () => void;
}

/**
 * Holds a practitioner's time for a visit booked elsewhere: who, where, the day and times, and a note
 * for the team. Closing it with something typed asks first.
 */
export function OutsideVisitDialog({ marketplaceId, initial, onClose, ...places }: OutsideVisitDialogProps) {
  const team = useStaffTeam(marketplaceId);
  const practitioners = (team.data?.practitioners ?? [])
    .filter((practitioner) => practitioner.active)
    .sort((a, b) => a.name.localeCompare(b.name));
  const form = useOutsideVisitForm(marketplaceId, initial, (visit, values) => {
    const name = practitioners.find((p) => p.id === values.practitionerId)?.name ?? 'The practitioner';
    emit('toast', { type: 'success', message: addedMessage(name, values.date, visit) });
    onClose();
  });

  return (
    <EditorDialog
      open
      title="Add a visit booked elsewhere"
      formId={form.formId}
      submitLabel="Add visit"
      dirty={form.dirty}
      pending={form.pending}
      formError={form.formError}
      onClose={onClose}
    >
      {team.isPending ? (
        <Loading label="Loading the practitioners" />
      ) : team.isError ? (
        <LoadError error={team.error} onRetry={() => team.refetch()} />
      ) : (
        <VisitFields marketplaceId={marketplaceId} form={form} practitioners={practitioners} {...places} />
      )}
    </EditorDialog>
  );
}

const addedMessage = (name: string, date: string, visit: StaffOutsideVisit) =>
  `Visit booked elsewhere added: ${name}, ${dayHeading(date)}, ${appointmentTimes(visit)}.`;

type VisitForm = ReturnType<typeof useOutsideVisitForm>;

interface VisitFieldsProps extends Omit<OutsideVisitDialogProps, 'initial' | 'onClose'> {
  form: VisitForm;
  practitioners: readonly { id: string; name: string }[];
}

function VisitFields({ marketplaceId, form, practitioners, clinics, providesAtHome }: VisitFieldsProps) {
  const { values, errors, setValue } = form;
  return (
    <form id={form.formId} onSubmit={form.submit} noValidate>
      <Stack gap="4">
        <Text color="fg.muted">
          Hold a practitioner's time for a visit booked outside Atrium, so clients cannot book over it.
        </Text>
        <PractitionerField form={form} practitioners={practitioners} />
        <VisitPlace
          marketplaceId={marketplaceId}
          clinics={clinics}
          providesAtHome={providesAtHome}
          place={values.place}
          address={values.address}
          error={errors.place}
          onPlace={(place) => form.setValues((current) => ({ ...current, place, address: null }))}
          onAddress={(address) => setValue('address', address)}
        />
        <TimeFields form={form} hint={placeZoneHint(clinics, values.place)} />
        <TextField
          label="Note (optional): whom and what it is for"
          helper={`For the team only; at most ${OUTSIDE_VISIT_NOTE_MAX_LENGTH} characters.`}
          error={errors.note}
        >
          <Textarea
            value={values.note}
            rows={2}
            maxLength={OUTSIDE_VISIT_NOTE_MAX_LENGTH + 20}
            onChange={(event) => setValue('note', event.target.value)}
          />
        </TextField>
      </Stack>
    </form>
  );
}

function PractitionerField({ form, practitioners }: Pick<VisitFieldsProps, 'form' | 'practitioners'>) {
  return (
    <TextField label="Practitioner" required error={form.errors.practitionerId}>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={form.values.practitionerId}
          onChange={(event) => form.setValue('practitionerId', event.target.value)}
        >
          <option value="">Choose a practitioner</option>
          {practitioners.map((practitioner) => (
            <option key={practitioner.id} value={practitioner.id}>
              {practitioner.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </TextField>
  );
}

/** The day, then the start and end as 'HH:mm' on any minute (a visit booked elsewhere keeps its times). */
function TimeFields({ form, hint }: { form: VisitForm; hint: string }) {
  const { values, errors, setValue } = form;
  const time = (name: 'start' | 'end', label: string, example: string) => (
    <TextField label={label} required error={errors[name]}>
      <Input
        value={values[name]}
        inputMode="numeric"
        autoComplete="off"
        placeholder={example}
        onChange={(event) => setValue(name, event.target.value)}
      />
    </TextField>
  );
  return (
    <Stack gap="2">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <TextField label="Date" required error={errors.date}>
          <Input type="date" value={values.date} onChange={(event) => setValue('date', event.target.value)} />
        </TextField>
        {time('start', 'Start', '09:40')}
        {time('end', 'End', '10:25')}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}

import { schedulingRules } from '@atrium/domain';
import type { StaffSchedulingRulesInput, StaffSettings } from '@atrium/graphql-client/staff-settings';
import { Heading, Stack, Text } from '@atrium/ui';
import { focusFirstInvalid, RadioGroup, useForm } from '@atrium/ui/forms';
import type { FormEvent } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useReportDirty } from './unsaved-changes';

interface SchedulingValues {
  slotStepMinutes: string;
  minimumNoticeMinutes: string;
  bookingHorizonMonths: string;
  clientChanges: string;
  clientChangeCutoffHours: string;
}

/** How clients change a visit: the spec's 'Call to Update' by default, or themselves from /profile. */
const CLIENT_CHANGE_CHOICES = [
  { value: 'phone', label: 'By phone only' },
  { value: 'online', label: 'Online, up to a cut-off' },
] as const;

const schedulingValues = ({ schedulingRules: rules }: StaffSettings): SchedulingValues => ({
  slotStepMinutes: String(rules.slotStepMinutes),
  minimumNoticeMinutes: String(rules.minimumNoticeMinutes),
  bookingHorizonMonths: String(rules.bookingHorizonMonths),
  clientChanges: rules.clientChanges,
  clientChangeCutoffHours: String(rules.clientChangeCutoffHours),
});

/**
 * Which start times clients are offered (the slot step, the minimum notice and the booking horizon)
 * and how clients change a visit (by phone, or online up to a cut-off).
 */
export function SchedulingForm({
  marketplaceId,
  settings,
}: {
  marketplaceId: string;
  settings: StaffSettings;
}) {
  const initial = schedulingValues(settings);
  const form = useForm<SchedulingValues, StaffSchedulingRulesInput>(schedulingRules, initial);
  const { save, pending } = useSettingsSave('updateSchedulingRules', 'Scheduling rules saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('scheduling', dirty);
  const { values, errors, setValue } = form;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(event.currentTarget);
    save(
      { marketplaceId, input },
      {
        onSaved: (saved) => form.setValues(schedulingValues(saved)),
        onRefused: (message) => form.setError(null, message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-scheduling-heading">
      <Stack gap="5" maxW="md">
        <Heading as="h3" size="md" id="settings-scheduling-heading">
          Scheduling
        </Heading>
        <TextField
          label="Slot step (minutes)"
          inputMode="numeric"
          required
          value={values.slotStepMinutes}
          onValue={(v) => setValue('slotStepMinutes', v)}
          error={errors.slotStepMinutes}
          helper="Start times are offered every this many minutes (5 to 240)."
        />
        <TextField
          label="Minimum notice (minutes)"
          inputMode="numeric"
          required
          value={values.minimumNoticeMinutes}
          onValue={(v) => setValue('minimumNoticeMinutes', v)}
          error={errors.minimumNoticeMinutes}
          helper="How long before a visit it can still be booked (0 to 43200, i.e. 30 days)."
        />
        <TextField
          label="Booking horizon (months)"
          inputMode="numeric"
          required
          value={values.bookingHorizonMonths}
          onValue={(v) => setValue('bookingHorizonMonths', v)}
          error={errors.bookingHorizonMonths}
          helper="How far ahead clients can book (1 to 24 months)."
        />
        <ClientChangesField values={values} errors={errors} setValue={setValue} />
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

/** By phone only, or online from the client's profile until the cut-off's hours before the visit. */
function ClientChangesField({
  values,
  errors,
  setValue,
}: {
  values: SchedulingValues;
  errors: Partial<Record<keyof SchedulingValues, string>>;
  setValue: (field: 'clientChanges' | 'clientChangeCutoffHours', value: string) => void;
}) {
  const mode = values.clientChanges;
  return (
    <Stack gap="3">
      <RadioGroup.Root
        value={mode}
        onValueChange={(details) => details.value && setValue('clientChanges', details.value)}
      >
        <Stack gap="2">
          <RadioGroup.Label fontWeight="medium">How clients reschedule or cancel</RadioGroup.Label>
          {CLIENT_CHANGE_CHOICES.map((choice) => (
            <RadioGroup.Item key={choice.value} value={choice.value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>{choice.label}</RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </Stack>
      </RadioGroup.Root>
      {errors.clientChanges && (
        <Text color="fg.error" fontSize="sm">
          {errors.clientChanges}
        </Text>
      )}
      {mode === 'online' && (
        <TextField
          label="Cut-off (hours before the visit)"
          inputMode="numeric"
          required
          value={values.clientChangeCutoffHours}
          onValue={(hours) => setValue('clientChangeCutoffHours', hours)}
          error={errors.clientChangeCutoffHours}
          helper="Clients reschedule or cancel from their profile until this many hours before (1 to 168); after that, by phone."
        />
      )}
    </Stack>
  );
}

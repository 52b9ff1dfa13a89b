import { schedulingRules } from '@atrium/domain';
import type { StaffSchedulingRulesInput, StaffSettings } from '@atrium/graphql-client/staff-settings';
import { Heading, Stack } from '@atrium/ui';
import { focusFirstInvalid, useForm } from '@atrium/ui/forms';
import type { FormEvent } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useReportDirty } from './unsaved-changes';

interface SchedulingValues {
  slotStepMinutes: string;
  minimumNoticeMinutes: string;
  bookingHorizonMonths: string;
}

const schedulingValues = ({ schedulingRules: rules }: StaffSettings): SchedulingValues => ({
  slotStepMinutes: String(rules.slotStepMinutes),
  minimumNoticeMinutes: String(rules.minimumNoticeMinutes),
  bookingHorizonMonths: String(rules.bookingHorizonMonths),
});

/** Which start times clients are offered: the slot step, the minimum notice and the booking horizon. */
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

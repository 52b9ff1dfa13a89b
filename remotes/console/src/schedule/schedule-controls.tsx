import type { StaffRequest } from '@atrium/graphql-client/staff';
import { Button, Flex } from '@atrium/ui';
import { Field, Input, NativeSelect } from '@atrium/ui/forms';
import type { ReactNode } from 'react';
import { parseDay, shiftDay } from './schedule-range';
import { AT_HOME, type ScheduleParams } from './use-schedule-params';

interface ScheduleControlsProps {
  values: ScheduleParams;
  today: string;
  clinics: readonly { id: string; name: string }[];
  providesAtHome: boolean;
  /** The practitioners to choose from; null when the member sees only their own appointments. */
  practitioners: readonly StaffRequest['practitioner'][] | null;
  onChange: (next: Partial<ScheduleParams>) => void;
}

/** The schedule's view (day or week), the dates it shows, and the place and practitioner filters. */
export function ScheduleControls({
  values,
  today,
  clinics,
  providesAtHome,
  practitioners,
  onChange,
}: ScheduleControlsProps) {
  return (
    <Flex gap="3" wrap="wrap" align="end">
      <ViewButtons values={values} onChange={onChange} />
      <DateButtons values={values} today={today} onChange={onChange} />
      <Field.Root w={{ base: 'full', md: '11rem' }}>
        <Field.Label>Date</Field.Label>
        <Input
          type="date"
          value={values.day}
          onChange={(event) => {
            const day = parseDay(event.target.value);
            if (day) onChange({ day });
          }}
        />
      </Field.Root>
      <FilterSelect
        label="Location"
        width="15rem"
        value={values.place}
        onChange={(place) => onChange({ place })}
      >
        <option value="">All locations</option>
        {clinics.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name}
          </option>
        ))}
        {providesAtHome && <option value={AT_HOME}>At-home visits</option>}
      </FilterSelect>
      {practitioners && (
        <FilterSelect
          label="Practitioner"
          width="13rem"
          value={values.practitioner}
          onChange={(practitioner) => onChange({ practitioner })}
        >
          <option value="">All practitioners</option>
          {practitioners.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </FilterSelect>
      )}
    </Flex>
  );
}

type ControlProps = Pick<ScheduleControlsProps, 'values' | 'onChange'>;

function ViewButtons({ values, onChange }: ControlProps) {
  return (
    <Flex gap="1" role="group" aria-label="View">
      {(['day', 'week'] as const).map((view) => (
        <Button
          key={view}
          variant={values.view === view ? 'solid' : 'outline'}
          aria-pressed={values.view === view}
          onClick={() => onChange({ view })}
        >
          {view === 'day' ? 'Day' : 'Week'}
        </Button>
      ))}
    </Flex>
  );
}

/** Back or forward by the view's length, or back to today. */
function DateButtons({ values, today, onChange }: ControlProps & { today: string }) {
  const unit = values.view === 'day' ? 'day' : 'week';
  return (
    <Flex gap="1" role="group" aria-label="Dates">
      <Button variant="outline" onClick={() => onChange({ day: shiftDay(values.view, values.day, -1) })}>
        Previous {unit}
      </Button>
      <Button variant="outline" onClick={() => onChange({ day: today })} disabled={values.day === today}>
        Today
      </Button>
      <Button variant="outline" onClick={() => onChange({ day: shiftDay(values.view, values.day, 1) })}>
        Next {unit}
      </Button>
    </Flex>
  );
}

function FilterSelect({
  label,
  width,
  value,
  onChange,
  children,
}: {
  label: string;
  /** From tablet width up; the select takes the whole row on a phone. */
  width: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Field.Root w={{ base: 'full', md: width }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

import { REPORT_PERIOD_MESSAGES, reportPeriodProblem } from '@atrium/domain';
import type { ReportPeriod } from '@atrium/graphql-client/staff-reports';
import { Button, Flex, Stack } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { periodPresets, presetOf } from './report-period';

interface PeriodPickerProps {
  period: ReportPeriod;
  today: string;
  onChoose: (period: ReportPeriod) => void;
}

/** The presets as toggle buttons, then any other period by its first and last day. */
export function PeriodPicker({ period, today, onChoose }: PeriodPickerProps) {
  const active = presetOf(period, today);
  return (
    <Stack gap="3">
      <Flex role="group" aria-label="Period" gap="2" wrap="wrap">
        {periodPresets(today).map((preset) => (
          <Button
            key={preset.id}
            variant={active === preset.id ? 'solid' : 'outline'}
            aria-pressed={active === preset.id}
            onClick={() => onChoose({ from: preset.from, to: preset.to })}
          >
            {preset.label}
          </Button>
        ))}
      </Flex>
      {/* Keyed by the period so that the fields show a preset once one is chosen. */}
      <CustomPeriodForm key={`${period.from}:${period.to}`} period={period} onChoose={onChoose} />
    </Stack>
  );
}

/** A period's problem belongs to the first day's field only when that day is not a date. */
const fromProblem = (problem: string | null) =>
  problem === REPORT_PERIOD_MESSAGES.fromInvalid ? problem : null;
const toProblem = (problem: string | null) =>
  problem === REPORT_PERIOD_MESSAGES.fromInvalid ? null : problem;

function CustomPeriodForm({ period, onChoose }: Omit<PeriodPickerProps, 'today'>) {
  const [values, setValues] = useState(period);
  const [problem, setProblem] = useState<string | null>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const toInput = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = reportPeriodProblem(values.from, values.to);
    setProblem(found);
    if (found) (fromProblem(found) ? fromInput : toInput).current?.focus();
    else onChoose(values);
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Custom period">
      <Flex gap="3" wrap="wrap" align="start">
        <DateInput
          label="From"
          inputRef={fromInput}
          value={values.from}
          problem={fromProblem(problem)}
          onChange={(from) => setValues({ ...values, from })}
        />
        <DateInput
          label="To"
          inputRef={toInput}
          value={values.to}
          problem={toProblem(problem)}
          onChange={(to) => setValues({ ...values, to })}
        />
        {/* Level with the inputs: below their labels. */}
        <Button type="submit" variant="outline" mt={{ base: '0', md: '6' }}>
          Show period
        </Button>
      </Flex>
    </form>
  );
}

function DateInput({
  label,
  inputRef,
  value,
  problem,
  onChange,
}: {
  label: string;
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <Field.Root invalid={Boolean(problem)} w={{ base: 'full', md: '12rem' }}>
      <Field.Label>{label}</Field.Label>
      <Input ref={inputRef} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
      {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

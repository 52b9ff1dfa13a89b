import { dayHoursForm } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type StaffTeamLocation,
  type StaffTeamPractitioner,
  useClearDayHours,
  useSetDayHours,
} from '@atrium/graphql-client/staff-team';
import { emit } from '@atrium/stores';
import { Button, Heading, HStack, IconButton, List, PlusIcon, Stack, Text, TrashIcon } from '@atrium/ui';
import { Field, Input, NativeSelect } from '@atrium/ui/forms';
import { format, parseISO } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { useReportDirty } from '../settings/unsaved-changes';
import { type Confirmation, ConfirmChange, toastResult } from './team-parts';

interface DayChangesPanelProps {
  marketplaceId: string;
  practitioner: StaffTeamPractitioner;
  locations: StaffTeamLocation[];
}

/** 'yyyy-MM-dd' as people read it: 'Sat, Dec 5, 2026'. */
const dayLabel = (date: string) => format(parseISO(date), 'EEE, MMM d, yyyy');

const locationKey = (clinicId: string | null) => clinicId ?? 'home';

/**
 * One-off changes of a practitioner's day (a Saturday shift, a shorter day, a day not worked): the
 * upcoming ones, each removable, and a form to change a date's hours.
 */
export function DayChangesPanel(props: DayChangesPanelProps) {
  const headingId = useId();
  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      <Heading as="h3" size="md" id={headingId}>
        Changed days
      </Heading>
      <Text color="fg.muted">
        On a changed day, the hours below replace the weekly hours at every location.
      </Text>
      <DayChangeList {...props} />
      {props.locations.length > 0 && <ChangeDayForm {...props} />}
    </Stack>
  );
}

function DayChangeList({ marketplaceId, practitioner, locations }: DayChangesPanelProps) {
  const clear = useClearDayHours();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  if (practitioner.dayChanges.length === 0) return <Text>No changed days ahead.</Text>;
  const where = (clinicId: string | null) =>
    locations.find((l) => l.clinicId === clinicId)?.name ?? 'a removed location';
  return (
    <>
      <List.Root variant="plain" gap="2">
        {practitioner.dayChanges.map((change) => {
          const day = dayLabel(change.date);
          return (
            <List.Item key={change.date} borderWidth="1px" rounded="md" p="3">
              <HStack justify="space-between" w="full" flexWrap="wrap" gap="2">
                <Stack gap="0">
                  <Text fontWeight="medium">{day}</Text>
                  {change.hours.length === 0 ? (
                    <Text color="fg.muted">Not working</Text>
                  ) : (
                    change.hours.map((h) => (
                      <Text key={`${h.clinicId}-${h.start}`} color="fg.muted">
                        {h.start} to {h.end} at {where(h.clinicId)}
                      </Text>
                    ))
                  )}
                </Stack>
                <Button
                  size="sm"
                  variant="outline"
                  colorPalette="red"
                  aria-label={`Use weekly hours on ${day}`}
                  onClick={() =>
                    setConfirmation({
                      title: 'Use the weekly hours on this day?',
                      message: `${practitioner.name} works their weekly hours on ${day} again.`,
                      confirmLabel: 'Use weekly hours',
                      run: () =>
                        toastResult(
                          clear.mutateAsync({
                            marketplaceId,
                            practitionerId: practitioner.id,
                            date: change.date,
                          }),
                          'Weekly hours restored for that day.',
                        ),
                    })
                  }
                >
                  Use weekly hours
                </Button>
              </HStack>
            </List.Item>
          );
        })}
      </List.Root>
      <ConfirmChange
        confirmation={confirmation}
        pending={clear.isPending}
        onClose={() => setConfirmation(null)}
      />
    </>
  );
}

interface Row {
  key: number;
  location: string;
  start: string;
  end: string;
}

let nextKey = 1;

/** Problems by the domain's rule: the date's, and each row's first (keyed by the row). */
function problemsOf(date: string, rows: Row[]) {
  const checked = dayHoursForm.safeParse({
    date,
    intervals: rows.map((row) => ({ clinicId: row.location === 'home' ? null : row.location, ...row })),
  });
  const rowProblems = new Map<number, string>();
  let dateProblem: string | null = null;
  for (const issue of checked.success ? [] : checked.error.issues) {
    if (issue.path[0] === 'date') dateProblem ??= issue.message;
    const row = typeof issue.path[1] === 'number' ? rows[issue.path[1]] : undefined;
    if (row && !rowProblems.has(row.key)) rowProblems.set(row.key, issue.message);
  }
  return { valid: checked.success ? checked.data : null, dateProblem, rowProblems };
}

function ChangeDayForm({ marketplaceId, practitioner, locations }: DayChangesPanelProps) {
  const setDay = useSetDayHours();
  const [date, setDate] = useState('');
  const [rows, setRows] = useState<Row[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  useReportDirty(`day-hours-${practitioner.id}`, date !== '' || rows.length > 0);
  const problems = submitted ? problemsOf(date, rows) : null;
  const edit = (change: (current: Row[]) => Row[]) => {
    setRows(change);
    setServerError(null);
  };
  const firstLocation = locationKey(locations[0]?.clinicId ?? null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { valid } = problemsOf(date, rows);
    if (!valid) return;
    try {
      await setDay.mutateAsync({
        marketplaceId,
        practitionerId: practitioner.id,
        input: {
          date: valid.date,
          intervals: rows.map((row) => ({
            clinicId: row.location === 'home' ? null : row.location,
            start: row.start.trim(),
            end: row.end.trim(),
          })),
        },
      });
      setDate('');
      setRows([]);
      setSubmitted(false);
      emit('toast', { type: 'success', message: `Hours on ${dayLabel(valid.date)} saved.` });
    } catch (error) {
      if (errorCode(error) === 'BAD_USER_INPUT') setServerError(errorMessage(error));
      else emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change one day">
      <Stack gap="3" maxW="40rem">
        <DateField
          value={date}
          problem={problems?.dateProblem ?? null}
          onChange={(value) => {
            setDate(value);
            setServerError(null);
          }}
        />
        <Stack gap="2" role="group" aria-label="Hours that day">
          {rows.length === 0 && <Text color="fg.muted">Not working that day (add hours to work).</Text>}
          {rows.map((row, index) => (
            <DayHoursRow
              key={row.key}
              row={row}
              label={`Hours ${index + 1}`}
              locations={locations}
              problem={problems?.rowProblems.get(row.key) ?? null}
              onChange={(part) =>
                edit((current) => current.map((r) => (r.key === row.key ? { ...r, ...part } : r)))
              }
              onRemove={() => edit((current) => current.filter((r) => r.key !== row.key))}
            />
          ))}
          <Button
            size="sm"
            variant="ghost"
            alignSelf="start"
            onClick={() =>
              edit((current) => [
                ...current,
                { key: nextKey++, location: firstLocation, start: '09:00', end: '17:00' },
              ])
            }
          >
            <PlusIcon /> Add hours that day
          </Button>
        </Stack>
        {serverError && (
          <Text color="fg.error" role="alert">
            {serverError}
          </Text>
        )}
        <Button type="submit" alignSelf="start" loading={setDay.isPending}>
          Save day
        </Button>
      </Stack>
    </form>
  );
}

function DayHoursRow({
  row,
  label,
  locations,
  problem,
  onChange,
  onRemove,
}: {
  row: Row;
  label: string;
  locations: StaffTeamLocation[];
  problem: string | null;
  onChange: (part: Partial<Row>) => void;
  onRemove: () => void;
}) {
  const problemId = `day-hours-problem-${row.key}`;
  const described = problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  return (
    <Stack gap="1">
      <HStack gap="2" flexWrap="wrap">
        <NativeSelect.Root w="auto" minW="10rem">
          <NativeSelect.Field
            aria-label={`${label}: location`}
            value={row.location}
            onChange={(event) => onChange({ location: event.target.value })}
          >
            {locations.map((l) => (
              <option key={locationKey(l.clinicId)} value={locationKey(l.clinicId)}>
                {l.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          aria-label={`${label}: start`}
          {...described}
          value={row.start}
          w="6.5rem"
          inputMode="numeric"
          placeholder="09:00"
          onChange={(event) => onChange({ start: event.target.value })}
        />
        <Text aria-hidden>to</Text>
        <Input
          aria-label={`${label}: end`}
          {...described}
          value={row.end}
          w="6.5rem"
          inputMode="numeric"
          placeholder="17:00"
          onChange={(event) => onChange({ end: event.target.value })}
        />
        <IconButton aria-label={`Remove ${label}`} variant="ghost" onClick={onRemove}>
          <TrashIcon />
        </IconButton>
      </HStack>
      {problem && (
        <Text id={problemId} color="fg.error" fontSize="sm">
          {problem}
        </Text>
      )}
    </Stack>
  );
}

function DateField({
  value,
  problem,
  onChange,
}: {
  value: string;
  problem: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field.Root invalid={Boolean(problem)} required maxW="14rem">
      <Field.Label htmlFor={id}>
        Date <Field.RequiredIndicator />
      </Field.Label>
      <Input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
      {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

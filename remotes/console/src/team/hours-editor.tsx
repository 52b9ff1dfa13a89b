import { hoursInterval, overlappingIntervals, TEAM_MESSAGES } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type StaffTeamLocation,
  type StaffTeamPractitioner,
  useSetWorkingHours,
} from '@atrium/graphql-client/staff-team';
import { emit } from '@atrium/stores';
import { Button, Heading, HStack, IconButton, PlusIcon, Stack, Text, TrashIcon } from '@atrium/ui';
import { Field, Input, NativeSelect } from '@atrium/ui/forms';
import { Fragment, useId, useMemo, useState } from 'react';
import { useConfirmLeave, useReportDirty } from '../settings/unsaved-changes';
import { WEEKDAYS } from './team-parts';

interface Row {
  key: number;
  weekday: number;
  start: string;
  end: string;
}

let nextKey = 1;
const rowsAt = (practitioner: StaffTeamPractitioner, clinicId: string | null): Row[] =>
  practitioner.hours
    .filter((h) => h.clinicId === clinicId)
    .map((h) => ({ key: nextKey++, weekday: h.weekday, start: h.start, end: h.end }));
const plain = (rows: Row[]) => JSON.stringify(rows.map(({ weekday, start, end }) => [weekday, start, end]));

/** Each row's first problem by the domain's rules (order, quarter hours, no overlap on the day). */
export function rowProblems(rows: Row[]): Map<number, string> {
  const problems = new Map<number, string>();
  const minutes: { weekday: number; startMinute: number; endMinute: number }[] = [];
  const parsedKeys: number[] = [];
  for (const row of rows) {
    const checked = hoursInterval.safeParse(row);
    if (!checked.success)
      problems.set(row.key, checked.error.issues[0]?.message ?? TEAM_MESSAGES.timeInvalid);
    else {
      minutes.push({ weekday: row.weekday, startMinute: checked.data.start, endMinute: checked.data.end });
      parsedKeys.push(row.key);
    }
  }
  for (const index of overlappingIntervals(minutes)) {
    const key = parsedKeys[index];
    if (key !== undefined) problems.set(key, TEAM_MESSAGES.overlap);
  }
  return problems;
}

interface HoursEditorProps {
  marketplaceId: string;
  practitioner: StaffTeamPractitioner;
  locations: StaffTeamLocation[];
}

/** The week being edited at one location: rows, what was saved, problems once saving was tried, save. */
function useHoursDraft({ marketplaceId, practitioner, locations }: HoursEditorProps) {
  const [location, setLocation] = useState<string | null>(locations[0]?.clinicId ?? null);
  const [saved, setSaved] = useState(() => rowsAt(practitioner, location));
  const [rows, setRows] = useState(saved);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const setHours = useSetWorkingHours();
  const dirty = plain(rows) !== plain(saved);
  useReportDirty(`hours-${practitioner.id}`, dirty);
  const problems = useMemo(
    () => (submitted ? rowProblems(rows) : new Map<number, string>()),
    [submitted, rows],
  );
  const locationName = locations.find((l) => l.clinicId === location)?.name ?? '';

  const showLocation = (next: string | null) => {
    const fresh = rowsAt(practitioner, next);
    setLocation(next);
    setSaved(fresh);
    setRows(fresh);
    setSubmitted(false);
    setServerError(null);
  };
  const edit = (change: (current: Row[]) => Row[]) => {
    setRows(change);
    setServerError(null);
  };
  const save = async () => {
    setSubmitted(true);
    if (rowProblems(rows).size > 0) return;
    try {
      await setHours.mutateAsync({
        marketplaceId,
        practitionerId: practitioner.id,
        clinicId: location,
        intervals: rows.map(({ weekday, start, end }) => ({ weekday, start: start.trim(), end: end.trim() })),
      });
      setSaved(rows);
      setSubmitted(false);
      emit('toast', { type: 'success', message: `Hours at ${locationName} saved.` });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'HOURS_OVERLAP' || code === 'BAD_USER_INPUT') setServerError(errorMessage(error));
      else emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };
  const undo = () => edit(() => saved);
  return {
    location,
    rows,
    dirty,
    problems,
    serverError,
    pending: setHours.isPending,
    showLocation,
    edit,
    save,
    undo,
  };
}

/** A practitioner's weekly hours at one location at a time: rows per day, intervals added and removed. */
export function HoursEditor(props: HoursEditorProps) {
  const headingId = useId();
  const draft = useHoursDraft(props);
  const confirmLeave = useConfirmLeave();
  const heading = (
    <Heading as="h3" size="md" id={headingId}>
      Weekly hours
    </Heading>
  );
  if (props.locations.length === 0) {
    return (
      <Stack as="section" aria-labelledby={headingId} gap="2">
        {heading}
        <Text>Add a clinic or at-home visits in Settings first: hours are set per location.</Text>
      </Stack>
    );
  }
  const change = (key: number, part: Partial<Row>) =>
    draft.edit((current) => current.map((row) => (row.key === key ? { ...row, ...part } : row)));

  return (
    <Stack as="section" aria-labelledby={headingId} gap="4">
      {heading}
      <LocationSelect
        locations={props.locations}
        value={draft.location}
        onChange={(next) => confirmLeave(() => draft.showLocation(next))}
      />
      <Stack gap="3">
        {WEEKDAYS.map((day, index) => (
          <DayRow
            key={day}
            day={day}
            rows={draft.rows.filter((row) => row.weekday === index + 1)}
            problems={draft.problems}
            onChange={change}
            onAdd={() =>
              draft.edit((current) => [
                ...current,
                { key: nextKey++, weekday: index + 1, start: '09:00', end: '17:00' },
              ])
            }
            onRemove={(key) => draft.edit((current) => current.filter((row) => row.key !== key))}
          />
        ))}
      </Stack>
      {draft.serverError && (
        <Text color="fg.error" role="alert">
          {draft.serverError}
        </Text>
      )}
      <HStack gap="3">
        <Button onClick={draft.save} loading={draft.pending} disabled={!draft.dirty}>
          Save hours
        </Button>
        {draft.dirty && (
          <Button variant="outline" onClick={draft.undo}>
            Undo changes
          </Button>
        )}
      </HStack>
    </Stack>
  );
}

function LocationSelect({
  locations,
  value,
  onChange,
}: {
  locations: StaffTeamLocation[];
  value: string | null;
  onChange: (clinicId: string | null) => void;
}) {
  return (
    <Field.Root maxW="20rem">
      <Field.Label>Location</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={value ?? 'home'}
          onChange={(event) => onChange(event.target.value === 'home' ? null : event.target.value)}
        >
          {locations.map((l) => (
            <option key={l.clinicId ?? 'home'} value={l.clinicId ?? 'home'}>
              {l.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>
        Times are HH:mm (24-hour), on the quarter hour, in the location’s time zone.
      </Field.HelperText>
    </Field.Root>
  );
}

function DayRow({
  day,
  rows,
  problems,
  onChange,
  onAdd,
  onRemove,
}: {
  day: string;
  rows: Row[];
  problems: Map<number, string>;
  onChange: (key: number, part: Partial<Row>) => void;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  return (
    <Stack
      direction={{ base: 'column', md: 'row' }}
      gap="2"
      borderBottomWidth="1px"
      pb="3"
      role="group"
      aria-label={day}
    >
      <Text fontWeight="medium" w={{ md: '8rem' }} flexShrink={0} pt={{ md: '2' }}>
        {day}
      </Text>
      <Stack gap="2" flex="1">
        {rows.length === 0 && (
          <Text color="fg.muted" pt={{ md: '2' }}>
            Not working
          </Text>
        )}
        {rows.map((row, index) => {
          const problem = problems.get(row.key);
          const label = `${day}, hours ${index + 1}`;
          const problemId = `hours-problem-${row.key}`;
          return (
            <Stack key={row.key} gap="1">
              <HStack gap="2" flexWrap="wrap">
                {(['start', 'end'] as const).map((part) => (
                  <Fragment key={part}>
                    {part === 'end' && <Text aria-hidden>to</Text>}
                    <Input
                      aria-label={`${label}: ${part}`}
                      aria-invalid={problem ? true : undefined}
                      aria-describedby={problem ? problemId : undefined}
                      value={row[part]}
                      w="6.5rem"
                      inputMode="numeric"
                      placeholder={part === 'start' ? '09:00' : '17:00'}
                      onChange={(event) => onChange(row.key, { [part]: event.target.value })}
                    />
                  </Fragment>
                ))}
                <IconButton aria-label={`Remove ${label}`} variant="ghost" onClick={() => onRemove(row.key)}>
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
        })}
        <Button
          size="sm"
          variant="ghost"
          alignSelf="start"
          onClick={onAdd}
          aria-label={`Add hours on ${day}`}
        >
          <PlusIcon /> Add hours
        </Button>
      </Stack>
    </Stack>
  );
}

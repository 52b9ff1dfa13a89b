import { useMarketplace } from '@atrium/graphql-client';
import { type StaffRequest, useStaffRequests } from '@atrium/graphql-client/staff';
import { PageHeading, Stack, Text } from '@atrium/ui';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { ScheduleControls } from './schedule-controls';
import { ScheduleDays } from './schedule-days';
import { rangeLabel, scheduleDays, scheduleOf } from './schedule-range';
import { AT_HOME, type ScheduleParams, useScheduleParams } from './use-schedule-params';

/**
 * The day schedule: a day's or a week's BOOKED and PENDING appointments, per clinic (and at-home
 * visits) and practitioner, with their times in the place's own time zone.
 */
export default function ScheduleSection({ marketplaceId, staff }: ConsoleSectionProps) {
  const { values, update, today } = useScheduleParams();
  const marketplace = useMarketplace(marketplaceId);
  const days = scheduleDays(values.view, values.day);
  const appointments = useStaffRequests(marketplaceId, {
    status: null,
    clinicId: values.place && values.place !== AT_HOME ? values.place : null,
    date: null,
    from: days[0] ?? values.day,
    to: days.at(-1) ?? values.day,
  });
  const practitioner = staff.role === 'practitioner';

  return (
    <Stack gap="4">
      <PageHeading mb="0">Schedule</PageHeading>
      {practitioner && <Text color="fg.muted">Your own appointments.</Text>}
      <ScheduleControls
        values={values}
        today={today}
        clinics={marketplace.data?.clinicOrganizations ?? []}
        providesAtHome={marketplace.data?.providesAtHome ?? false}
        practitioners={practitioner ? null : uniquePractitioners(appointments.data ?? [])}
        onChange={update}
      />
      <Text fontWeight="semibold" aria-live="polite">
        {rangeLabel(values.view, values.day)}
      </Text>
      {appointments.isPending ? (
        <Loading label="Loading the schedule" section />
      ) : appointments.isError ? (
        <LoadError error={appointments.error} action="appointments" onRetry={() => appointments.refetch()} />
      ) : (
        <ScheduleDays schedule={scheduleOf(days, shownAppointments(appointments.data, values))} />
      )}
    </Stack>
  );
}

/** The appointments the place and practitioner filters let through (the API filters by clinic only). */
function shownAppointments(appointments: readonly StaffRequest[], values: ScheduleParams) {
  return appointments.filter(
    (a) =>
      (values.place !== AT_HOME || a.clinic === null) &&
      (!values.practitioner || a.practitioner.id === values.practitioner),
  );
}

function uniquePractitioners(appointments: readonly StaffRequest[]) {
  const byId = new Map(appointments.map((a) => [a.practitioner.id, a.practitioner]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

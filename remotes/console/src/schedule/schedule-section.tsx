import { staffMay } from '@atrium/domain';
import { useMarketplace } from '@atrium/graphql-client';
import { type StaffRequest, useStaffRequests } from '@atrium/graphql-client/staff';
import { Flex, PageHeading, Stack, Text } from '@atrium/ui';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { AddOutsideVisitButton } from './add-outside-visit-button';
import { ScheduleControls } from './schedule-controls';
import { ScheduleDays } from './schedule-days';
import { rangeLabel, type ScheduleDay, scheduleDays, scheduleOf } from './schedule-range';
import { useOutsideVisitRemoval } from './use-outside-visit-removal';
import { AT_HOME, type ScheduleParams, useScheduleParams } from './use-schedule-params';

/**
 * The day schedule: a day's or a week's BOOKED and PENDING appointments, per clinic (and at-home
 * visits) and practitioner, with their times in the place's own time zone; the owner and the front
 * desk also add and remove visits booked outside Atrium there.
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
  const places = {
    clinics: marketplace.data?.clinicOrganizations ?? [],
    providesAtHome: marketplace.data?.providesAtHome ?? false,
  };

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <PageHeading mb="0">Schedule</PageHeading>
        {staffMay(staff.role, 'recordOutsideVisits') && (
          <AddOutsideVisitButton marketplaceId={marketplaceId} values={values} {...places} />
        )}
      </Flex>
      {practitioner && <Text color="fg.muted">Your own appointments.</Text>}
      <ScheduleControls
        values={values}
        today={today}
        {...places}
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
        <ScheduleList
          marketplaceId={marketplaceId}
          staff={staff}
          schedule={scheduleOf(days, shownAppointments(appointments.data, values))}
        />
      )}
    </Stack>
  );
}

/** The days shown, with Remove on visits booked outside Atrium for members who may (asked first). */
function ScheduleList({
  marketplaceId,
  staff,
  schedule,
}: ConsoleSectionProps & { schedule: readonly ScheduleDay[] }) {
  const removal = useOutsideVisitRemoval(marketplaceId);
  return (
    <>
      <ScheduleDays
        schedule={schedule}
        removal={staffMay(staff.role, 'recordOutsideVisits') ? removal : null}
      />
      <ConfirmDialog change={removal.change} pending={removal.pending} onClose={removal.dismiss} />
    </>
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

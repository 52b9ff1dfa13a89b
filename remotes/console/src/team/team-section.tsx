import { staffMay } from '@atrium/domain';
import { type StaffTeam, useStaffTeam } from '@atrium/graphql-client/staff-team';
import { useSearchParams } from '@atrium/navigation';
import { Badge, Button, PageHeading, Stack, Table, Text, VisuallyHidden } from '@atrium/ui';
import { UnsavedChangesGuard, useConfirmLeave } from '../settings/unsaved-changes';
import { LoadError, Loading } from '../shared/query-states';
import type { ConsoleSectionProps } from '../shell/console-staff';
import { DayChangesPanel } from './day-changes-panel';
import { HoursEditor } from './hours-editor';
import { MembersPanel } from './members-panel';
import { PractitionerForm } from './practitioner-form';
import { Part } from './team-parts';
import { TimeOffPanel } from './time-off-panel';

/**
 * The team: practitioners (details and services for the owner; weekly hours for the owner and the
 * front desk; time off for them and for a practitioner, who sees only themselves) and, for the owner,
 * the staff members. The practitioner being edited is in the address (?practitioner=, or new).
 */
export default function TeamSection(props: ConsoleSectionProps) {
  return (
    <UnsavedChangesGuard>
      <TeamPage {...props} />
    </UnsavedChangesGuard>
  );
}

function TeamPage({ marketplaceId, staff }: ConsoleSectionProps) {
  const team = useStaffTeam(marketplaceId);
  const [params, setParams] = useSearchParams();
  const confirmLeave = useConfirmLeave();
  const isPractitioner = staff.role === 'practitioner';
  const chosenId = isPractitioner ? staff.practitionerId : params.get('practitioner');
  const open = (id: string | null) =>
    setParams(id ? new URLSearchParams({ practitioner: id }) : new URLSearchParams(), { replace: true });
  const choose = (id: string | null) => confirmLeave(() => open(id));

  return (
    <Stack gap="8">
      <PageHeading mb="0">{isPractitioner ? 'Your time off' : 'Team'}</PageHeading>
      {team.isPending ? (
        <Loading label="Loading the team" section />
      ) : team.isError ? (
        <LoadError error={team.error} onRetry={() => team.refetch()} />
      ) : isPractitioner ? (
        <OwnTimeOff marketplaceId={marketplaceId} team={team.data} practitionerId={chosenId} />
      ) : (
        <>
          <PractitionerList
            team={team.data}
            chosenId={chosenId}
            mayAdd={staffMay(staff.role, 'editPractitioners')}
            onChoose={choose}
          />
          <ChosenPractitioner
            key={chosenId ?? ''}
            marketplaceId={marketplaceId}
            team={team.data}
            chosenId={chosenId}
            mayEditDetails={staffMay(staff.role, 'editPractitioners')}
            onClose={choose}
            onOpen={open}
          />
        </>
      )}
      {staffMay(staff.role, 'editStaffMembers') && (
        <MembersPanel marketplaceId={marketplaceId} practitioners={team.data?.practitioners ?? []} />
      )}
    </Stack>
  );
}

function OwnTimeOff({
  marketplaceId,
  team,
  practitionerId,
}: {
  marketplaceId: string;
  team: StaffTeam;
  practitionerId: string | null;
}) {
  const practitioner = team.practitioners.find((p) => p.id === practitionerId);
  if (!practitioner)
    return <Text>Your practitioner profile was not found. Ask the marketplace’s owner.</Text>;
  return <TimeOffPanel marketplaceId={marketplaceId} practitioner={practitioner} headingId="own-time-off" />;
}

function PractitionerList({
  team,
  chosenId,
  mayAdd,
  onChoose,
}: {
  team: StaffTeam;
  chosenId: string | null;
  mayAdd: boolean;
  onChoose: (id: string | null) => void;
}) {
  const locationNames = (ids: (string | null)[]) =>
    team.locations
      .filter((l) => ids.includes(l.clinicId))
      .map((l) => l.name)
      .join(', ');
  return (
    <Part
      id="practitioners"
      title="Practitioners"
      actions={mayAdd && <Button onClick={() => onChoose('new')}>Add practitioner</Button>}
    >
      {team.practitioners.length === 0 ? (
        <Text>No practitioners yet.{mayAdd ? ' Add the first one to offer times to clients.' : ''}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Works at</Table.ColumnHeader>
                <Table.ColumnHeader>Services</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {team.practitioners.map((p) => (
                <Table.Row key={p.id} aria-current={p.id === chosenId ? 'true' : undefined}>
                  <Table.Cell fontWeight="medium">
                    {p.name} {!p.active && <Badge>Archived</Badge>}
                  </Table.Cell>
                  <Table.Cell>
                    {locationNames([...new Set(p.hours.map((h) => h.clinicId))]) || 'No hours yet'}
                  </Table.Cell>
                  <Table.Cell>{p.procedureIds.length}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => onChoose(p.id)}
                      aria-label={`Edit ${p.name}`}
                    >
                      Edit
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Part>
  );
}

function ChosenPractitioner({
  marketplaceId,
  team,
  chosenId,
  mayEditDetails,
  onClose,
  onOpen,
}: {
  marketplaceId: string;
  team: StaffTeam;
  chosenId: string | null;
  mayEditDetails: boolean;
  /** Closes the practitioner, asking first when a form holds unsaved changes. */
  onClose: (id: null) => void;
  /** Opens a practitioner (or none) at once: after a save or a deletion nothing unsaved is left. */
  onOpen: (id: string | null) => void;
}) {
  if (!chosenId) return null;
  if (chosenId === 'new') {
    if (!mayEditDetails) return null;
    return (
      <Part id="practitioner" title="New practitioner">
        <PractitionerForm
          marketplaceId={marketplaceId}
          practitioner={null}
          procedures={team.procedures}
          onSaved={onOpen}
          onClosed={() => onClose(null)}
        />
      </Part>
    );
  }
  const practitioner = team.practitioners.find((p) => p.id === chosenId);
  if (!practitioner) return <Text>This practitioner was not found.</Text>;
  return (
    <Part
      id="practitioner"
      title={practitioner.name}
      actions={
        <Button variant="ghost" onClick={() => onClose(null)}>
          Close
        </Button>
      }
    >
      <Stack gap="8">
        {mayEditDetails && (
          <PractitionerForm
            marketplaceId={marketplaceId}
            practitioner={practitioner}
            procedures={team.procedures}
            onSaved={() => undefined}
            onClosed={() => onOpen(null)}
          />
        )}
        <HoursEditor marketplaceId={marketplaceId} practitioner={practitioner} locations={team.locations} />
        <DayChangesPanel
          marketplaceId={marketplaceId}
          practitioner={practitioner}
          locations={team.locations}
        />
        <TimeOffPanel marketplaceId={marketplaceId} practitioner={practitioner} headingId="time-off" />
      </Stack>
    </Part>
  );
}

import { type StaffRole, staffInvitationForm, staffRoleLabels } from '@atrium/domain';
import { errorCode, errorMessage } from '@atrium/graphql-client';
import {
  type StaffMember,
  type StaffTeamPractitioner,
  useChangeMemberRole,
  useInviteMember,
  useRemoveMember,
  useStaffMembers,
} from '@atrium/graphql-client/staff-team';
import { emit } from '@atrium/stores';
import { Badge, Button, HStack, Stack, Table, Text, VisuallyHidden } from '@atrium/ui';
import { Field, Input, NativeSelect, useForm } from '@atrium/ui/forms';
import { Modal } from '@atrium/ui/overlays';
import { type FormEvent, useId, useState } from 'react';
import { LoadError, Loading } from '../shared/query-states';
import { type Confirmation, ConfirmChange, Part, toastResult } from './team-parts';

const roleCode = { owner: 'OWNER', front_desk: 'FRONT_DESK', practitioner: 'PRACTITIONER' } as const;
const roleOfCode = { OWNER: 'owner', FRONT_DESK: 'front_desk', PRACTITIONER: 'practitioner' } as const;
/** Server refusals the dialog shows beside its fields rather than as a toast. */
const SHOWN_IN_DIALOG = ['LAST_OWNER', 'ALREADY_STAFF', 'BAD_USER_INPUT', 'NOT_FOUND'];

/** The staff members (owner only): invite by email with a role, change a role, remove. */
export function MembersPanel({
  marketplaceId,
  practitioners,
}: {
  marketplaceId: string;
  practitioners: StaffTeamPractitioner[];
}) {
  const members = useStaffMembers(marketplaceId, true);
  const remove = useRemoveMember();
  const [dialog, setDialog] = useState<{ member: StaffMember | null } | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const askRemove = (member: StaffMember) =>
    setConfirmation({
      title: `Remove ${member.name ?? member.email}?`,
      message:
        'They lose access to this console at once and are signed out (unless they are staff of another of your marketplaces).',
      confirmLabel: 'Remove member',
      run: () =>
        toastResult(remove.mutateAsync({ marketplaceId, id: member.id }), `${member.email} removed.`),
    });

  return (
    <Part
      id="staff-members"
      title="Staff members"
      actions={<Button onClick={() => setDialog({ member: null })}>Invite member</Button>}
    >
      {members.isPending ? (
        <Loading label="Loading staff members" />
      ) : members.isError ? (
        <LoadError error={members.error} onRetry={() => members.refetch()} />
      ) : (
        <MembersTable
          members={members.data}
          onChangeRole={(member) => setDialog({ member })}
          onRemove={askRemove}
        />
      )}
      {dialog && (
        <MemberDialog
          marketplaceId={marketplaceId}
          member={dialog.member}
          practitioners={practitioners.filter((p) => p.active)}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmChange
        confirmation={confirmation}
        pending={remove.isPending}
        onClose={() => setConfirmation(null)}
      />
    </Part>
  );
}

interface MemberDialogProps {
  marketplaceId: string;
  member: StaffMember | null;
  practitioners: StaffTeamPractitioner[];
  onClose: () => void;
}

/** The dialog's form: invites or changes the role, keeping the server's refusal beside the fields. */
function useMemberForm({ marketplaceId, member, onClose }: MemberDialogProps) {
  const form = useForm(staffInvitationForm, {
    email: member?.email ?? '',
    role: member ? roleOfCode[member.role] : ('front_desk' as StaffRole),
    practitionerId: member?.practitioner?.id ?? '',
  });
  const invite = useInviteMember();
  const changeRole = useChangeMemberRole();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return;
    const choice = {
      role: roleCode[valid.role],
      practitionerId: valid.role === 'practitioner' ? valid.practitionerId : null,
    };
    try {
      if (member) await changeRole.mutateAsync({ marketplaceId, id: member.id, input: choice });
      else await invite.mutateAsync({ marketplaceId, input: { email: valid.email, ...choice } });
      emit('toast', {
        type: 'success',
        message: member ? 'Role changed.' : `Invitation sent to ${valid.email}.`,
      });
      onClose();
    } catch (error) {
      const code = errorCode(error) ?? '';
      if (SHOWN_IN_DIALOG.includes(code))
        form.setError(code === 'ALREADY_STAFF' ? 'email' : null, errorMessage(error));
      else emit('toast', { type: 'error', message: errorMessage(error) });
    }
  };
  return { form, submit, pending: invite.isPending || changeRole.isPending };
}

/** Invites someone (no member) or changes a member's role; a practitioner member names who they are. */
function MemberDialog(props: MemberDialogProps) {
  const { member, practitioners, onClose } = props;
  const { form, submit, pending } = useMemberForm(props);
  const formId = useId();
  const emailId = useId();

  return (
    <Modal
      open
      onClose={onClose}
      title={member ? `Change the role of ${member.email}` : 'Invite a staff member'}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={pending}>
            {member ? 'Change role' : 'Send invitation'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <Stack gap="4">
          {!member && (
            <Field.Root invalid={Boolean(form.errors.email)} required>
              <Field.Label htmlFor={emailId}>
                Email <Field.RequiredIndicator />
              </Field.Label>
              <Input
                id={emailId}
                type="email"
                autoComplete="off"
                value={form.values.email}
                onChange={(e) => form.setValue('email', e.target.value)}
              />
              {form.errors.email ? (
                <Field.ErrorText>{form.errors.email}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  They get a link to the console and sign in with a code sent to this address.
                </Field.HelperText>
              )}
            </Field.Root>
          )}
          <RoleFields
            values={form.values}
            errors={form.errors}
            practitioners={practitioners}
            onRole={(role) => form.setValue('role', role)}
            onPractitioner={(id) => form.setValue('practitionerId', id)}
          />
          {form.formError && (
            <Text color="fg.error" role="alert">
              {form.formError}
            </Text>
          )}
        </Stack>
      </form>
    </Modal>
  );
}

function MembersTable({
  members,
  onChangeRole,
  onRemove,
}: {
  members: StaffMember[];
  onChangeRole: (member: StaffMember) => void;
  onRemove: (member: StaffMember) => void;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Member</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {members.map((member) => (
            <Table.Row key={member.id}>
              <Table.Cell>
                <Text fontWeight="medium">{member.name ?? member.email}</Text>
                {member.name && <Text color="fg.muted">{member.email}</Text>}
                {!member.joined && <Badge>Invited</Badge>}
              </Table.Cell>
              <Table.Cell>
                {staffRoleLabels[roleOfCode[member.role]]}
                {member.practitioner ? ` (${member.practitioner.name})` : ''}
              </Table.Cell>
              <Table.Cell textAlign="end">
                <HStack justify="end" gap="2" flexWrap="wrap">
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Change role of ${member.email}`}
                    onClick={() => onChangeRole(member)}
                  >
                    Change role
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    aria-label={`Remove ${member.email}`}
                    onClick={() => onRemove(member)}
                  >
                    Remove
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** The role and, for a practitioner member, which practitioner they are. */
function RoleFields({
  values,
  errors,
  practitioners,
  onRole,
  onPractitioner,
}: {
  values: { role: StaffRole; practitionerId: string };
  errors: { role?: string; practitionerId?: string };
  practitioners: StaffTeamPractitioner[];
  onRole: (role: StaffRole) => void;
  onPractitioner: (id: string) => void;
}) {
  const ids = { role: useId(), practitioner: useId() };
  return (
    <>
      <Field.Root invalid={Boolean(errors.role)}>
        <Field.Label htmlFor={ids.role}>Role</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            id={ids.role}
            value={values.role}
            onChange={(e) => onRole(e.target.value as StaffRole)}
          >
            {(Object.keys(staffRoleLabels) as StaffRole[]).map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          Owners change everything; the front desk runs requests, hours and time off; a practitioner sees
          their own appointments and time off.
        </Field.HelperText>
      </Field.Root>
      {values.role === 'practitioner' && (
        <Field.Root invalid={Boolean(errors.practitionerId)} required>
          <Field.Label htmlFor={ids.practitioner}>
            Practitioner <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              id={ids.practitioner}
              value={values.practitionerId}
              onChange={(e) => onPractitioner(e.target.value)}
            >
              <option value="">Choose…</option>
              {practitioners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.practitionerId && <Field.ErrorText>{errors.practitionerId}</Field.ErrorText>}
        </Field.Root>
      )}
    </>
  );
}

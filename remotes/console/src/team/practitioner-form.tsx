import { PRACTITIONER_NAME_MAX_LENGTH, practitionerForm } from '@atrium/domain';
import {
  type StaffTeamPractitioner,
  type StaffTeamProcedure,
  useRemovePractitioner,
  useRestorePractitioner,
  useSavePractitioner,
} from '@atrium/graphql-client/staff-team';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import { Checkbox, Field, Fieldset, focusFirstInvalid, Input, useForm } from '@atrium/ui/forms';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useReportDirty } from '../settings/unsaved-changes';
import { ImageField } from '../shared/image-field';
import { type Confirmation, ConfirmChange, toastResult } from './team-parts';

interface PractitionerValues {
  name: string;
  photoUrl: string | null;
  procedureIds: string[];
}

const valuesOf = (p: StaffTeamPractitioner | null): PractitionerValues => ({
  name: p?.name ?? '',
  photoUrl: p?.photoUrl ?? null,
  procedureIds: [...(p?.procedureIds ?? [])].sort(),
});
const sameValues = (a: PractitionerValues, b: PractitionerValues) =>
  JSON.stringify({ ...a, procedureIds: [...a.procedureIds].sort() }) === JSON.stringify(b);

interface PractitionerFormProps {
  marketplaceId: string;
  practitioner: StaffTeamPractitioner | null;
  procedures: StaffTeamProcedure[];
  onSaved: (id: string) => void;
  /** The practitioner is gone (deleted) or the new one was not added. */
  onClosed: () => void;
}

/** A practitioner's name, photo and the services they perform; remove (or restore) for the owner. */
export function PractitionerForm({
  marketplaceId,
  practitioner,
  procedures,
  onSaved,
  onClosed,
}: PractitionerFormProps) {
  const initial = useRef(valuesOf(practitioner));
  const form = useForm(practitionerForm, () => initial.current);
  const save = useSavePractitioner();
  const formRef = useRef<HTMLFormElement>(null);
  const nameId = useId();
  useReportDirty(`practitioner-${practitioner?.id ?? 'new'}`, !sameValues(form.values, initial.current));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return focusFirstInvalid(formRef.current);
    const saved = await toastResult(
      save.mutateAsync({ marketplaceId, input: { id: practitioner?.id ?? null, ...valid } }),
      practitioner ? 'Practitioner saved.' : `${valid.name} added. Set their weekly hours next.`,
    ).catch(() => null);
    if (!saved) return;
    initial.current = valuesOf(saved);
    form.setValues(valuesOf(saved));
    onSaved(saved.id);
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={practitioner ? `${practitioner.name}’s details` : 'New practitioner'}
    >
      <Stack gap="4" maxW="40rem">
        <Field.Root invalid={Boolean(form.errors.name)} required>
          <Field.Label htmlFor={nameId}>
            Name <Field.RequiredIndicator />
          </Field.Label>
          <Input
            id={nameId}
            value={form.values.name}
            maxLength={PRACTITIONER_NAME_MAX_LENGTH + 20}
            onChange={(event) => form.setValue('name', event.target.value)}
          />
          {form.errors.name && <Field.ErrorText>{form.errors.name}</Field.ErrorText>}
        </Field.Root>
        <ImageField
          marketplaceId={marketplaceId}
          label="Photo"
          purpose="practitioner-photo"
          value={form.values.photoUrl}
          onChange={(url) => form.setValue('photoUrl', url)}
        />
        {form.errors.photoUrl && <Text color="fg.error">{form.errors.photoUrl}</Text>}
        <ProcedureChoices
          procedures={procedures}
          chosen={form.values.procedureIds}
          onChange={(ids) => form.setValue('procedureIds', ids)}
        />
        {form.formError && <Text color="fg.error">{form.formError}</Text>}
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" loading={save.isPending}>
            {practitioner ? 'Save details' : 'Add practitioner'}
          </Button>
          {practitioner ? (
            <RemoveOrRestore marketplaceId={marketplaceId} practitioner={practitioner} onDeleted={onClosed} />
          ) : (
            <Button variant="outline" onClick={onClosed}>
              Cancel
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** The services and add-ons a practitioner performs, one checkbox each. */
function ProcedureChoices({
  procedures,
  chosen,
  onChange,
}: {
  procedures: StaffTeamProcedure[];
  chosen: string[];
  onChange: (ids: string[]) => void;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Services they perform</Fieldset.Legend>
      {procedures.length === 0 ? (
        <Text color="fg.muted">No services yet: add them in the catalogue.</Text>
      ) : (
        <Stack gap="2" mt="2">
          {procedures.map((procedure) => (
            <Checkbox.Root
              key={procedure.id}
              checked={chosen.includes(procedure.id)}
              onCheckedChange={(details) =>
                onChange(
                  details.checked === true
                    ? [...chosen, procedure.id]
                    : chosen.filter((id) => id !== procedure.id),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {procedure.name}
                {procedure.isAddOn ? ' (add-on)' : ''}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  );
}

/** Remove (after confirming) an active practitioner, or restore an archived one. */
function RemoveOrRestore({
  marketplaceId,
  practitioner,
  onDeleted,
}: {
  marketplaceId: string;
  practitioner: StaffTeamPractitioner;
  onDeleted: () => void;
}) {
  const remove = useRemovePractitioner();
  const restore = useRestorePractitioner();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const { id, name } = practitioner;

  if (!practitioner.active) {
    return (
      <Button
        variant="outline"
        loading={restore.isPending}
        onClick={() =>
          toastResult(restore.mutateAsync({ marketplaceId, id }), `${name} is bookable again.`).catch(
            () => undefined,
          )
        }
      >
        Restore practitioner
      </Button>
    );
  }
  return (
    <>
      <Button
        variant="outline"
        colorPalette="red"
        onClick={() =>
          setConfirmation({
            title: `Remove ${name}?`,
            message:
              'Clients can no longer book them. Their past appointments keep their name; if they never had one, they are deleted with their hours and time off.',
            confirmLabel: 'Remove practitioner',
            run: () =>
              toastResult(remove.mutateAsync({ marketplaceId, id }), `${name} removed.`).then((result) => {
                if (result.outcome === 'DELETED') onDeleted();
              }),
          })
        }
      >
        Remove practitioner
      </Button>
      <ConfirmChange
        confirmation={confirmation}
        pending={remove.isPending}
        onClose={() => setConfirmation(null)}
      />
    </>
  );
}

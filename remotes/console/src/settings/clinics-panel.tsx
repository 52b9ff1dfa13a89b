import { formatPhone } from '@atrium/domain';
import type { StaffSettings, StaffSettingsClinic } from '@atrium/graphql-client/staff-settings';
import { emit } from '@atrium/stores';
import { Badge, Button, Card, Heading, HStack, IconButton, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { ClinicEditor } from './clinic-editor';
import { ConfirmRemove, type Removal } from './confirm-remove';
import { useSettingsSave } from './form-kit';
import { WEEKDAYS } from './opening-hours-field';
import { moved } from './reorder';

/** 'Mon 09:00–17:00; Tue closed…' in short, or that no hours are set. */
function hoursSummary(clinic: StaffSettingsClinic): string {
  if (clinic.openingHours.length === 0) return 'No opening hours set.';
  return WEEKDAYS.map((day, index) => {
    const hours = clinic.openingHours.filter((hour) => hour.weekday === index + 1);
    const text = hours.length ? hours.map((hour) => `${hour.opens}–${hour.closes}`).join(', ') : 'closed';
    return `${day.slice(0, 3)} ${text}`;
  }).join(' · ');
}

function ClinicCard({
  clinic,
  index,
  count,
  busy,
  onMove,
  onEdit,
  onRemove,
}: {
  clinic: StaffSettingsClinic;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" flexWrap="wrap" gap="2">
          <Stack gap="1">
            <Heading as="h4" size="sm">
              {clinic.name}
            </Heading>
            <Text>{clinic.address}</Text>
            <Text color="fg.muted">{`${formatPhone(clinic.phone)} · ${clinic.timeZone}`}</Text>
            <Text fontSize="sm" color="fg.muted">
              {hoursSummary(clinic)}
            </Text>
            {clinic.inUse && <Badge alignSelf="start">Has bookings: cannot be removed</Badge>}
          </Stack>
          <HStack gap="1" flexWrap="wrap">
            <IconButton
              aria-label={`Move ${clinic.name} up`}
              variant="ghost"
              disabled={busy || index === 0}
              onClick={() => onMove(-1)}
            >
              ↑
            </IconButton>
            <IconButton
              aria-label={`Move ${clinic.name} down`}
              variant="ghost"
              disabled={busy || index === count - 1}
              onClick={() => onMove(1)}
            >
              ↓
            </IconButton>
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit ${clinic.name}`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={onRemove}
              disabled={clinic.inUse}
              aria-label={`Remove ${clinic.name}`}
            >
              Remove
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The clinics in the order clients see them, each editable, movable and (if never booked) removable. */
export function ClinicsPanel({
  marketplaceId,
  settings,
}: {
  marketplaceId: string;
  settings: StaffSettings;
}) {
  const [editing, setEditing] = useState<StaffSettingsClinic | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const reorder = useSettingsSave('reorderClinics', 'Clinics reordered.');
  const remove = useSettingsSave('removeClinic', 'Clinic removed.');
  const { clinics } = settings;
  const closeRemoval = () => setRemoval(null);
  const refused = (message: string) => {
    closeRemoval();
    emit('toast', { type: 'error', message });
  };

  if (editing) {
    return (
      <ClinicEditor
        marketplaceId={marketplaceId}
        clinic={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  }
  const ids = clinics.map((clinic) => clinic.id);
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h3" size="md">
          Clinics
        </Heading>
        <Button onClick={() => setEditing('new')}>Add a clinic</Button>
      </HStack>
      {clinics.length === 0 ? (
        <Text>No clinics yet. Add one, or offer at-home visits only.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Clinics">
          {clinics.map((clinic, index) => (
            <ClinicCard
              key={clinic.id}
              clinic={clinic}
              index={index}
              count={clinics.length}
              busy={reorder.pending}
              onMove={(step) => reorder.save({ marketplaceId, ids: moved(ids, index, step) })}
              onEdit={() => setEditing(clinic)}
              onRemove={() =>
                setRemoval({
                  title: `Remove ${clinic.name}?`,
                  message:
                    'Clients can no longer choose it; its services and practitioners’ hours there are removed too.',
                  run: () =>
                    remove.save(
                      { marketplaceId, id: clinic.id },
                      { onSaved: closeRemoval, onRefused: refused },
                    ),
                })
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmRemove removal={removal} pending={remove.pending} onClose={() => setRemoval(null)} />
    </Stack>
  );
}

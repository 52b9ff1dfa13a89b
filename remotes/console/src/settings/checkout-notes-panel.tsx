import type { StaffSettings, StaffSettingsCheckoutNote } from '@atrium/graphql-client/staff-settings';
import { emit } from '@atrium/stores';
import { Badge, Button, Card, Heading, HStack, IconButton, Stack, Text } from '@atrium/ui';
import { useState } from 'react';
import { CheckoutNoteEditor, NOTE_TYPE_LABELS } from './checkout-note-editor';
import { ConfirmRemove, type Removal } from './confirm-remove';
import { useSettingsSave } from './form-kit';
import { moved } from './reorder';

function NoteCard({
  note,
  index,
  count,
  busy,
  onMove,
  onEdit,
  onRemove,
}: {
  note: StaffSettingsCheckoutNote;
  index: number;
  count: number;
  busy: boolean;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const values = note.options?.values ?? [];
  return (
    <Card.Root as="li" variant="outline">
      <Card.Body>
        <HStack justify="space-between" align="start" flexWrap="wrap" gap="2">
          <Stack gap="1">
            <Text fontWeight={note.type === 'HEADER' ? 'bold' : 'medium'}>{note.label}</Text>
            <HStack gap="2" flexWrap="wrap">
              <Badge>{NOTE_TYPE_LABELS[note.type]}</Badge>
              {note.isRequired && <Badge colorPalette="orange">Required</Badge>}
            </HStack>
            {values.length > 0 && (
              <Text fontSize="sm" color="fg.muted">
                {values.join(' · ')}
              </Text>
            )}
          </Stack>
          <HStack gap="1" flexWrap="wrap">
            <IconButton
              aria-label={`Move “${note.label}” up`}
              variant="ghost"
              disabled={busy || index === 0}
              onClick={() => onMove(-1)}
            >
              ↑
            </IconButton>
            <IconButton
              aria-label={`Move “${note.label}” down`}
              variant="ghost"
              disabled={busy || index === count - 1}
              onClick={() => onMove(1)}
            >
              ↓
            </IconButton>
            <Button size="sm" variant="outline" onClick={onEdit} aria-label={`Edit “${note.label}”`}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              onClick={onRemove}
              aria-label={`Remove “${note.label}”`}
            >
              Remove
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** The questions clients answer at checkout, in order: added, changed, moved and removed here. */
export function CheckoutNotesPanel({
  marketplaceId,
  settings,
}: {
  marketplaceId: string;
  settings: StaffSettings;
}) {
  const [editing, setEditing] = useState<StaffSettingsCheckoutNote | 'new' | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const reorder = useSettingsSave('reorderCheckoutNotes', 'Checkout questions reordered.');
  const remove = useSettingsSave('removeCheckoutNote', 'Checkout question removed.');
  const notes = settings.checkoutNotes;
  const closeRemoval = () => setRemoval(null);
  const refused = (message: string) => {
    closeRemoval();
    emit('toast', { type: 'error', message });
  };

  if (editing) {
    return (
      <CheckoutNoteEditor
        marketplaceId={marketplaceId}
        note={editing === 'new' ? null : editing}
        onDone={() => setEditing(null)}
      />
    );
  }
  const ids = notes.map((note) => note.id);
  return (
    <Stack gap="4">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h3" size="md">
          Checkout questions
        </Heading>
        <Button onClick={() => setEditing('new')}>Add a question</Button>
      </HStack>
      {notes.length === 0 ? (
        <Text>No checkout questions: clients are asked only for their notes.</Text>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Checkout questions">
          {notes.map((note, index) => (
            <NoteCard
              key={note.id}
              note={note}
              index={index}
              count={notes.length}
              busy={reorder.pending}
              onMove={(step) => reorder.save({ marketplaceId, ids: moved(ids, index, step) })}
              onEdit={() => setEditing(note)}
              onRemove={() =>
                setRemoval({
                  title: `Remove “${note.label}”?`,
                  message:
                    'Clients are no longer asked it; answers already given stay on their appointments.',
                  run: () =>
                    remove.save(
                      { marketplaceId, id: note.id },
                      { onSaved: closeRemoval, onRefused: refused },
                    ),
                })
              }
            />
          ))}
        </Stack>
      )}
      <ConfirmRemove removal={removal} pending={remove.pending} onClose={closeRemoval} />
    </Stack>
  );
}

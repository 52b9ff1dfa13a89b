import type { TimeOfDay } from '@atrium/domain';
import { $selectedWaitlist, removeWaitlistEntry, setWaitlistEntry, type WaitlistEntry } from '@atrium/stores';
import { Box, Button, Card, Flex, HStack, Link, Stack, Text } from '@atrium/ui';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDay, WAITLIST_DATE_FORMAT } from './calendar-dates';
import { timeOfDayLabels, WaitlistDialog } from './waitlist-dialog';

interface WaitlistSectionProps {
  today: string;
  /** A waitlist entry was saved (the chosen time was cleared). */
  onSaved: () => void;
  /** The last entry was removed. */
  onEmptied: () => void;
}

/** 'Join our Waitlist', the client's entries (edit, delete) and 'Add More Availability'. */
export function WaitlistSection({ today, onSaved, onEmptied }: WaitlistSectionProps) {
  const waitlist = useStore($selectedWaitlist);
  // null: closed; -1: a new entry; otherwise the index of the entry being edited.
  const [editing, setEditing] = useState<number | null>(null);
  const { addMore, focusAddMore } = useFocusAfterSave();

  const save = (entry: { date: string | null; timesOfDay: TimeOfDay[] }) => {
    if (setWaitlistEntry(entry, editing !== null && editing >= 0 ? editing : null)) {
      setEditing(null);
      focusAddMore();
      onSaved();
    }
  };

  return (
    <Stack gap="3" as="section" aria-label="Waitlist">
      {waitlist.length === 0 ? (
        <Card.Root variant="subtle">
          <Card.Body gap="3">
            <Text>None of these times suit you? Tell us when you are free and we will fit you in.</Text>
            <Button alignSelf="start" variant="outline" onClick={() => setEditing(-1)}>
              Join our Waitlist
            </Button>
          </Card.Body>
        </Card.Root>
      ) : (
        <>
          <Text fontWeight="semibold">Your Availability</Text>
          <Stack as="ul" listStyleType="none" gap="2">
            {waitlist.map((entry, index) => (
              <WaitlistEntryRow
                key={`${entry.date}-${index}`}
                entry={entry}
                onEdit={() => setEditing(index)}
                onDelete={() => removeWaitlistEntry(index) && onEmptied()}
              />
            ))}
          </Stack>
          <Button ref={addMore} alignSelf="start" variant="outline" onClick={() => setEditing(-1)}>
            Add More Availability
          </Button>
        </>
      )}
      {editing !== null && (
        <WaitlistDialog
          key={editing}
          open
          entry={editing >= 0 ? (waitlist[editing] ?? null) : null}
          today={today}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

/**
 * After a save the dialog's opener may be gone ('Join our Waitlist' gives way to the list), so focus
 * goes to 'Add More Availability' rather than being lost on the page's body.
 */
function useFocusAfterSave() {
  const [saves, setSaves] = useState(0);
  const addMore = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (saves > 0) requestAnimationFrame(() => addMore.current?.focus());
  }, [saves]);
  return { addMore, focusAddMore: () => setSaves((count) => count + 1) };
}

function WaitlistEntryRow({
  entry,
  onEdit,
  onDelete,
}: {
  entry: WaitlistEntry;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const date = entry.date ? formatDay(entry.date, WAITLIST_DATE_FORMAT) : '';
  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Flex justify="space-between" align="center" gap="3">
        <Box>
          <Text fontWeight="medium">{date}</Text>
          <Text fontSize="sm" color="fg.muted">
            {entry.timesOfDay.map((time) => timeOfDayLabels[time]).join(', ')}
          </Text>
        </Box>
        <HStack gap="3">
          <Link as="button" color="brand.fg" aria-label={`Edit availability for ${date}`} onClick={onEdit}>
            Edit
          </Link>
          <Link
            as="button"
            color="fg.error"
            aria-label={`Delete availability for ${date}`}
            onClick={onDelete}
          >
            Delete
          </Link>
        </HStack>
      </Flex>
    </Box>
  );
}

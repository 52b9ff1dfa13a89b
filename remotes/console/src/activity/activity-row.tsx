import type { ActivityLogEntry } from '@atrium/graphql-client/staff-setup';
import { Box, Button, Table, Text } from '@atrium/ui';
import { useId, useState } from 'react';
import { actionLabel, changedValues, formatWhen } from './activity-format';

/** One entry: when, who, what and to what, with its before/after values shown on request. */
export function ActivityRow({ entry }: { entry: ActivityLogEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const changes = changedValues(entry.before, entry.after);
  const what = actionLabel(entry.action);
  return (
    <>
      <Table.Row>
        <Table.Cell whiteSpace="nowrap">
          <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
        </Table.Cell>
        <Table.Cell>{entry.actor === 'operator' ? 'Platform operator' : entry.actor}</Table.Cell>
        <Table.Cell>{what}</Table.Cell>
        <Table.Cell>{entry.subject}</Table.Cell>
        <Table.Cell>
          {changes.length > 0 ? (
            <Button
              size="xs"
              variant="outline"
              aria-expanded={open}
              aria-controls={detailsId}
              aria-label={`${open ? 'Hide' : 'Show'} changes: ${what}, ${entry.subject}`}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide changes' : 'Show changes'}
            </Button>
          ) : (
            <Text color="fg.muted">—</Text>
          )}
        </Table.Cell>
      </Table.Row>
      {open ? (
        <Table.Row id={detailsId}>
          <Table.Cell colSpan={5} bg="bg.subtle">
            <Box
              as="dl"
              display="grid"
              gridTemplateColumns="max-content minmax(0, 1fr) minmax(0, 1fr)"
              gap="2"
            >
              <Text as="dt" fontWeight="semibold">
                Field
              </Text>
              <Text as="dd" fontWeight="semibold">
                Before
              </Text>
              <Text as="dd" fontWeight="semibold">
                After
              </Text>
              {changes.map((change) => (
                <ChangedField key={change.field} {...change} />
              ))}
            </Box>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}

function ChangedField({ field, before, after }: { field: string; before: string; after: string }) {
  return (
    <>
      <Text as="dt">{field}</Text>
      <Text as="dd" wordBreak="break-word">
        <Box as="span" srOnly>
          Before:{' '}
        </Box>
        {before}
      </Text>
      <Text as="dd" wordBreak="break-word">
        <Box as="span" srOnly>
          After:{' '}
        </Box>
        {after}
      </Text>
    </>
  );
}

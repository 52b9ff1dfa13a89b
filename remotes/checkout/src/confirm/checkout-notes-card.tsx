import type { FormGroup, FormValue, FormValues } from '@atrium/domain';
import { $checkoutNotes, $checkoutNotesExpanded } from '@atrium/stores';
import { Box, Button, Card, Heading, Text } from '@atrium/ui';
import { FormEngine } from '@atrium/ui/forms';
import { useStore } from '@nanostores/react';

interface CheckoutNotesCardProps {
  marketplaceName: string;
  groups: readonly FormGroup[];
  form: {
    values: FormValues;
    errors: Record<string, string>;
    setValue: (id: string, value: FormValue) => void;
  };
}

/** The marketplace's own questions, folded away until opened; answers are kept as they are typed. */
export function CheckoutNotesCard({ marketplaceName, groups, form }: CheckoutNotesCardProps) {
  const expanded = useStore($checkoutNotesExpanded);
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Button
          variant="plain"
          justifyContent="space-between"
          px="0"
          // A long marketplace name wraps on a phone instead of widening the page.
          whiteSpace="normal"
          textAlign="start"
          h="auto"
          gap="3"
          aria-expanded={expanded}
          onClick={() => $checkoutNotesExpanded.set(!expanded)}
        >
          <Heading as="h2" size="md">
            A few questions from {marketplaceName}
          </Heading>
          <Text aria-hidden="true" flexShrink="0">
            {expanded ? '−' : '+'}
          </Text>
        </Button>
        <Box hidden={!expanded}>
          <FormEngine
            groups={groups}
            values={form.values}
            errors={form.errors}
            onChange={(id, value) => {
              form.setValue(id, value);
              $checkoutNotes.set({ ...$checkoutNotes.get(), [id]: value });
            }}
          />
        </Box>
      </Card.Body>
    </Card.Root>
  );
}

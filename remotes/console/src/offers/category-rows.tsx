import { Box, Button, Stack, Text } from '@atrium/ui';
import { Field, Fieldset, Input } from '@atrium/ui/forms';
import { ChoiceCheckboxes } from './choice-checkboxes';

export interface CategoryRow {
  /** The number typed: a percentage off, or points. */
  amount: string;
  categoryIds: string[];
}

/**
 * Rows of an amount per set of categories (a membership's discounts, a package's points), each with
 * its categories and a Remove button, and an Add button; the group's error below them.
 */
export function CategoryRows({
  legend,
  rowLabel,
  amountLabel,
  addLabel,
  rows,
  categories,
  error,
  locked = false,
  onChange,
}: {
  legend: string;
  /** 'Discount', 'Item': numbered in each row's name. */
  rowLabel: string;
  amountLabel: string;
  addLabel: string;
  rows: CategoryRow[];
  categories: readonly { id: string; name: string }[];
  error: string | undefined;
  /** Shown but not changeable (clients hold what they describe). */
  locked?: boolean;
  onChange: (rows: CategoryRow[]) => void;
}) {
  const update = (index: number, row: Partial<CategoryRow>) =>
    onChange(rows.map((current, i) => (i === index ? { ...current, ...row } : current)));
  return (
    <Fieldset.Root invalid={error !== undefined} disabled={locked}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <Stack gap="3">
        {rows.length === 0 && <Text color="fg.muted">None.</Text>}
        {rows.map((row, index) => (
          // Rows have no identity of their own: their place is what the owner edits.
          <Box key={index} borderWidth="1px" rounded="md" p="3">
            <Stack gap="3">
              <Field.Root>
                <Field.Label>
                  {rowLabel} {index + 1}: {amountLabel}
                </Field.Label>
                <Input
                  value={row.amount}
                  inputMode="numeric"
                  maxW="32"
                  onChange={(event) => update(index, { amount: event.target.value })}
                />
              </Field.Root>
              <ChoiceCheckboxes
                legend={`${rowLabel} ${index + 1}: categories`}
                choices={categories}
                chosen={row.categoryIds}
                onChange={(categoryIds) => update(index, { categoryIds })}
              />
              {!locked && (
                <Button
                  size="sm"
                  variant="outline"
                  alignSelf="start"
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  Remove {rowLabel.toLowerCase()} {index + 1}
                </Button>
              )}
            </Stack>
          </Box>
        ))}
        {!locked && (
          <Button
            size="sm"
            variant="outline"
            alignSelf="start"
            onClick={() => onChange([...rows, { amount: '', categoryIds: [] }])}
          >
            {addLabel}
          </Button>
        )}
      </Stack>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

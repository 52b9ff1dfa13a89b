import type { PriceOptionRow } from '@atrium/domain';
import { Button, HStack, Stack, Text } from '@atrium/ui';
import { Field, Fieldset, Input } from '@atrium/ui/forms';
import { useId } from 'react';

interface Rules {
  safeParse: (values: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}

/** Each row's first problem by 'index.price' or 'index.duration', once the form shows its problems. */
function rowProblems(rules: Rules, values: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of rules.safeParse(values).error?.issues ?? []) {
    const [field, index, part] = issue.path;
    if (field === 'options' && typeof index === 'number' && typeof part === 'string') {
      problems[`${index}.${part}`] ??= issue.message;
    }
  }
  return problems;
}

/** The prices and durations a client chooses from: one row each, added and removed freely. */
export function OptionRows({
  kind,
  rules,
  values,
  error,
  onChange,
}: {
  kind: 'service' | 'addOn';
  rules: Rules;
  values: { options: PriceOptionRow[] };
  /** The options' problem the form shows (set once the owner tried to save). */
  error: string | undefined;
  onChange: (rows: PriceOptionRow[]) => void;
}) {
  const baseId = useId();
  const rows = values.options;
  const problems = error ? rowProblems(rules, values) : {};
  const rowsError = error && Object.keys(problems).length === 0 ? error : null;
  const set = (index: number, part: keyof PriceOptionRow, value: string) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, [part]: value } : row)));

  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>Prices and durations</Fieldset.Legend>
      <Fieldset.HelperText>
        {kind === 'service'
          ? 'Each price with its duration (5 to 600 minutes); clients see the lowest price.'
          : 'Each price with the extra time it takes (0 to 600 minutes).'}
      </Fieldset.HelperText>
      <Stack gap="3" mt="2">
        {rows.map((row, index) => {
          const priceId = `${baseId}-price-${index}`;
          const durationId = `${baseId}-duration-${index}`;
          const priceProblem = problems[`${index}.price`];
          const durationProblem = problems[`${index}.duration`];
          return (
            <Stack
              key={index}
              direction={{ base: 'column', md: 'row' }}
              gap="2"
              align={{ md: 'end' }}
              role="group"
              aria-label={`Option ${index + 1}`}
            >
              <Field.Root invalid={Boolean(priceProblem)}>
                <Field.Label htmlFor={priceId}>Price ($), option {index + 1}</Field.Label>
                <Input
                  id={priceId}
                  inputMode="decimal"
                  value={row.price}
                  onChange={(event) => set(index, 'price', event.target.value)}
                />
                {priceProblem && <Field.ErrorText>{priceProblem}</Field.ErrorText>}
              </Field.Root>
              <Field.Root invalid={Boolean(durationProblem)}>
                <Field.Label htmlFor={durationId}>Minutes, option {index + 1}</Field.Label>
                <Input
                  id={durationId}
                  inputMode="numeric"
                  value={row.duration}
                  onChange={(event) => set(index, 'duration', event.target.value)}
                />
                {durationProblem && <Field.ErrorText>{durationProblem}</Field.ErrorText>}
              </Field.Root>
              <Button
                variant="outline"
                size="sm"
                disabled={rows.length === 1}
                aria-label={`Remove option ${index + 1}`}
                onClick={() => onChange(rows.filter((_, at) => at !== index))}
              >
                Remove
              </Button>
            </Stack>
          );
        })}
        {rowsError && <Text color="fg.error">{rowsError}</Text>}
        <HStack>
          <Button
            size="sm"
            variant="outline"
            onClick={() => onChange([...rows, { price: '', duration: '' }])}
          >
            Add a price option
          </Button>
        </HStack>
      </Stack>
    </Fieldset.Root>
  );
}

import { Box, SimpleGrid, Text } from '@atrium/ui';
import { Checkbox, Fieldset } from '@atrium/ui/forms';

/** A named group of checkboxes choosing some ids (services, categories), with the group's error. */
export function ChoiceCheckboxes({
  legend,
  helper,
  choices,
  chosen,
  error,
  onChange,
}: {
  legend: string;
  helper?: string;
  choices: readonly { id: string; name: string }[];
  chosen: readonly string[];
  error?: string | undefined;
  onChange: (ids: string[]) => void;
}) {
  const toggle = (id: string, checked: boolean) =>
    onChange(checked ? [...chosen, id] : chosen.filter((item) => item !== id));
  return (
    <Fieldset.Root invalid={error !== undefined}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {helper && <Fieldset.HelperText>{helper}</Fieldset.HelperText>}
      {choices.length === 0 ? (
        <Text color="fg.muted">Nothing to choose yet.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
          {choices.map((choice) => (
            <Box key={choice.id}>
              <Checkbox.Root
                checked={chosen.includes(choice.id)}
                onCheckedChange={(details) => toggle(choice.id, details.checked === true)}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{choice.name}</Checkbox.Label>
              </Checkbox.Root>
            </Box>
          ))}
        </SimpleGrid>
      )}
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

import type { FormField, FormGroup, FormValue, FormValues } from '@atrium/domain';
import { Field, Fieldset, Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { FieldInput } from './field-inputs';

interface FormEngineProps {
  groups: readonly FormGroup[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (id: string, value: FormValue) => void;
}

/** Renders a generic form definition: groups of fields of the generic types. */
export function FormEngine({ groups, values, errors, onChange }: FormEngineProps) {
  return (
    <Stack gap="6">
      {groups.map((group) => (
        <Fieldset.Root key={group.id}>
          {group.label && <Fieldset.Legend>{group.label}</Fieldset.Legend>}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {group.fields.map((field) => (
              <FieldControl
                key={field.id}
                field={field}
                value={values[field.id] ?? null}
                error={errors[field.id]}
                onChange={(value) => onChange(field.id, value)}
              />
            ))}
          </SimpleGrid>
        </Fieldset.Root>
      ))}
    </Stack>
  );
}

interface FieldControlProps {
  field: FormField;
  value: FormValue;
  error: string | undefined;
  onChange: (value: FormValue) => void;
}

/** One field: a header, or its control with its label, sub-label and error. */
function FieldControl({ field, value, error, onChange }: FieldControlProps) {
  if (field.type === 'header') {
    return (
      <Heading as="h3" size="md" gridColumn={{ md: 'span 2' }}>
        {field.label}
      </Heading>
    );
  }
  const inputId = `field-${field.id}`;
  // A checkbox carries its own label.
  const labelled = field.type !== 'checkbox' && field.type !== 'switch';
  return (
    <Field.Root
      invalid={Boolean(error)}
      required={field.isRequired}
      readOnly={field.isReadonly}
      gridColumn={field.width === 'half' ? undefined : { md: 'span 2' }}
    >
      {labelled && (
        <Field.Label htmlFor={inputId}>
          {field.label}
          {field.isRequired && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      <FieldInput
        field={field}
        value={value}
        inputId={inputId}
        invalid={Boolean(error)}
        onChange={onChange}
      />
      {field.subLabel && <Field.HelperText>{field.subLabel}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

import type { FormField, FormGroup, FormValue, FormValues } from '@atrium/domain';
import {
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Heading,
  Input,
  NativeSelect,
  RadioGroup,
  SimpleGrid,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { DateField } from './date-field';
import { PhoneInput } from './phone-input';

interface FormEngineProps {
  groups: readonly FormGroup[];
  values: FormValues;
  errors: Record<string, string>;
  onChange: (id: string, value: FormValue) => void;
}

/** Renders a generic form definition (spec 3): groups of fields of the spec's types. */
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

const text = (value: FormValue) => (typeof value === 'string' ? value : '');

function FieldControl({ field, value, error, onChange }: FieldControlProps) {
  const span = field.width === 'half' ? undefined : { md: 'span 2' };
  if (field.type === 'header') {
    return (
      <Heading as="h3" size="md" gridColumn={{ md: 'span 2' }}>
        {field.label}
      </Heading>
    );
  }
  const inputId = `field-${field.id}`;
  const control = (() => {
    switch (field.type) {
      case 'checkbox':
      case 'switch':
        return (
          <Checkbox.Root
            checked={value === true}
            readOnly={field.isReadonly}
            onCheckedChange={(details) => onChange(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{field.label}</Checkbox.Label>
          </Checkbox.Root>
        );
      case 'radio':
        return (
          <RadioGroup.Root
            value={text(value)}
            onValueChange={(details) => onChange(details.value)}
            aria-label={field.label}
          >
            <Stack gap="2">
              {field.options?.map((option) => (
                <RadioGroup.Item key={option.value} value={option.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
        );
      case 'multiselect':
        return (
          <CheckboxGroup
            value={Array.isArray(value) ? value : []}
            onValueChange={(next) => onChange(next)}
            aria-label={field.label}
          >
            <Stack gap="2">
              {field.options?.map((option, index) => (
                <Checkbox.Root
                  key={option.value}
                  value={option.value}
                  // Its own input id and label: inside the field, each would take the field's, and all
                  // would be announced by the field's label instead of their option.
                  ids={{
                    hiddenInput: `${inputId}-${index}`,
                    label: `${inputId}-${index}-label`,
                  }}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </CheckboxGroup>
        );
      case 'select':
        return (
          <NativeSelect.Root>
            <NativeSelect.Field
              id={inputId}
              value={text(value)}
              onChange={(event) => onChange(event.target.value)}
            >
              <option value="">{field.placeholder ?? 'Select…'}</option>
              {field.options?.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        );
      case 'textarea':
        return (
          <Textarea
            id={inputId}
            rows={field.rows ?? 4}
            placeholder={field.placeholder}
            readOnly={field.isReadonly}
            value={text(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        );
      case 'date':
        return (
          <DateField
            id={inputId}
            mode={field.mode}
            readOnly={field.isReadonly}
            invalid={Boolean(error)}
            value={text(value)}
            onChange={onChange}
          />
        );
      case 'phone':
        return (
          <PhoneInput
            id={inputId}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            readOnly={field.isReadonly}
            value={text(value)}
            onChange={onChange}
          />
        );
      default:
        return (
          <Input
            id={inputId}
            type={field.type}
            placeholder={field.placeholder}
            autoComplete={field.autoComplete}
            readOnly={field.isReadonly}
            value={text(value)}
            onChange={(event) => onChange(event.target.value)}
          />
        );
    }
  })();
  const labelled = field.type !== 'checkbox' && field.type !== 'switch';
  return (
    <Field.Root
      invalid={Boolean(error)}
      required={field.isRequired}
      readOnly={field.isReadonly}
      gridColumn={span}
    >
      {labelled && (
        <Field.Label htmlFor={inputId}>
          {field.label}
          {field.isRequired && <Field.RequiredIndicator />}
        </Field.Label>
      )}
      {control}
      {field.subLabel && <Field.HelperText>{field.subLabel}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

import type { FormField, FormValue } from '@atrium/domain';
import { Checkbox, CheckboxGroup, Input, NativeSelect, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { DateField } from './date-field';
import { PhoneInput } from './phone-input';

export interface FieldInputProps {
  field: FormField;
  value: FormValue;
  /** The input's id, which the field's label points at. */
  inputId: string;
  invalid: boolean;
  onChange: (value: FormValue) => void;
}

const text = (value: FormValue) => (typeof value === 'string' ? value : '');

/** The control of one generic form field, by its type (the label and messages are the field's). */
export function FieldInput({ field, value, inputId, invalid, onChange }: FieldInputProps) {
  switch (field.type) {
    case 'checkbox':
    case 'switch':
      return <CheckboxInput field={field} value={value} onChange={onChange} />;
    case 'radio':
      return <RadioInput field={field} value={value} onChange={onChange} />;
    case 'multiselect':
      return <MultiselectInput field={field} value={value} inputId={inputId} onChange={onChange} />;
    case 'select':
      return <SelectInput field={field} value={value} inputId={inputId} onChange={onChange} />;
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
          invalid={invalid}
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
}

type ChoiceProps = Pick<FieldInputProps, 'field' | 'value' | 'onChange'>;

function CheckboxInput({ field, value, onChange }: ChoiceProps) {
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
}

function RadioInput({ field, value, onChange }: ChoiceProps) {
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
}

function MultiselectInput({ field, value, inputId, onChange }: ChoiceProps & { inputId: string }) {
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
            ids={{ hiddenInput: `${inputId}-${index}`, label: `${inputId}-${index}-label` }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
    </CheckboxGroup>
  );
}

function SelectInput({ field, value, inputId, onChange }: ChoiceProps & { inputId: string }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field id={inputId} value={text(value)} onChange={(event) => onChange(event.target.value)}>
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
}

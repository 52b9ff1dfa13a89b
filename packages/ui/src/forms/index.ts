// Form controls: a shared entry of its own, so pages without forms do not load them.
export type { InputProps } from '@chakra-ui/react';
export {
  Checkbox,
  CheckboxGroup,
  Field,
  Fieldset,
  Input,
  InputGroup,
  NativeSelect,
  PinInput,
  RadioGroup,
  SegmentGroup,
  Textarea,
} from '@chakra-ui/react';
export { DateField } from './date-field';
export { FormEngine } from './form-engine';
export type { PhoneInputProps } from './phone-input';
export { PhoneInput } from './phone-input';
export type { PlaceComboboxProps, PlaceSuggestion } from './place-combobox';
export { PlaceCombobox } from './place-combobox';
export { focusFirstInvalid, useForm } from './use-form';
export { useFormEngine } from './use-form-engine';

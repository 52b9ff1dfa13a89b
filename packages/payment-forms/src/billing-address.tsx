import { SimpleGrid, Stack, Text } from '@atrium/ui';
import type { BillingFields } from './card-collector';
import { CardInput } from './card-input';

interface BillingAddressProps {
  value: BillingFields;
  invalid: readonly (keyof BillingFields)[];
  onChange: (name: keyof BillingFields, value: string) => void;
}

const BILLING_FIELDS: readonly (keyof BillingFields)[] = [
  'addressLine1',
  'addressCity',
  'addressState',
  'addressPostalCode',
];

/** The billing fields a card form's errors name. */
export const billingProblems = (errors: Partial<Record<string, string>>) =>
  BILLING_FIELDS.filter((name) => errors[name]);

/** The card's billing address: line 1, city, state and ZIP (no line 2). */
export function BillingAddress({ value, invalid, onChange }: BillingAddressProps) {
  const input = (name: keyof BillingFields, label: string, props: Record<string, unknown>) => (
    <CardInput
      label={label}
      value={value[name]}
      invalid={invalid.includes(name)}
      onValue={(text) => onChange(name, text)}
      {...props}
    />
  );
  return (
    <Stack gap="3">
      <Text fontWeight="semibold" fontSize="sm" pt="2">
        Billing address
      </Text>
      {input('addressLine1', 'Address', { autoComplete: 'address-line1' })}
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        {input('addressCity', 'City', { autoComplete: 'address-level2' })}
        {input('addressState', 'State', { autoComplete: 'address-level1', maxLength: 2 })}
        {input('addressPostalCode', 'ZIP code', { autoComplete: 'postal-code', inputMode: 'numeric' })}
      </SimpleGrid>
    </Stack>
  );
}

import type { Marketplace } from '@atrium/graphql-client';
import { Box, Stack, Text } from '@atrium/ui';
import { Checkbox, Field } from '@atrium/ui/forms';

/** The message when the policy must be agreed to and is not. */
export const POLICY_ATTESTATION_REQUIRED = 'You must agree to the payment policy to continue.';

interface PaymentPolicyProps {
  settings: Marketplace['paymentSettings'];
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
  showError: boolean;
}

export function PaymentPolicy({ settings, agreed, onAgreedChange, showError }: PaymentPolicyProps) {
  if (!settings.hasPaymentPolicy) return null;
  return (
    <Box
      as="section"
      aria-label={settings.paymentPolicyName ?? 'Payment policy'}
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Stack gap="3">
        <Text fontWeight="semibold">{settings.paymentPolicyName ?? 'Payment policy'}</Text>
        {settings.paymentPolicyText && (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
            {settings.paymentPolicyText}
          </Text>
        )}
        {settings.requirePaymentPolicyAttestation && (
          <Field.Root invalid={showError && !agreed}>
            <Checkbox.Root
              checked={agreed}
              onCheckedChange={(details) => onAgreedChange(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                I have read and agree to the {settings.paymentPolicyName ?? 'payment policy'}
              </Checkbox.Label>
            </Checkbox.Root>
            <Field.ErrorText>{POLICY_ATTESTATION_REQUIRED}</Field.ErrorText>
          </Field.Root>
        )}
      </Stack>
    </Box>
  );
}

import { centsAsDollarsText, paymentSettingsRules } from '@atrium/domain';
import type { StaffPaymentSettingsInput, StaffSettings } from '@atrium/graphql-client/staff-settings';
import { Heading, Stack } from '@atrium/ui';
import { Checkbox, Field, focusFirstInvalid, NativeSelect, Textarea, useForm } from '@atrium/ui/forms';
import type { FormEvent } from 'react';
import { FormActions, isDirty, TextField, useSettingsSave } from './form-kit';
import { useReportDirty } from './unsaved-changes';

type Method = StaffPaymentSettingsInput['paymentCollectionMethod'];
type DepositType = NonNullable<StaffPaymentSettingsInput['paymentDepositType']>;

interface PaymentValues {
  paymentCollectionMethod: Method;
  paymentDepositType: DepositType | '';
  /** A percentage, or dollars for a fixed amount, as typed. */
  paymentDepositValue: string;
  hasPaymentPolicy: boolean;
  paymentPolicyName: string;
  paymentPolicyText: string;
  requirePaymentPolicyAttestation: boolean;
  /** Dollars as typed; empty for none. */
  noShowFeeCents: string;
}

const METHODS: { value: Method; label: string }[] = [
  { value: 'collect_on_confirmation', label: 'The whole price when the appointment is confirmed' },
  { value: 'collect_deposit', label: 'A deposit when the appointment is confirmed' },
  { value: 'collect_on_site', label: 'Nothing online: payment at the appointment' },
];

const paymentValues = ({ paymentSettings: p }: StaffSettings): PaymentValues => ({
  paymentCollectionMethod: p.paymentCollectionMethod,
  paymentDepositType: p.paymentDepositType ?? '',
  paymentDepositValue:
    p.paymentDepositValue === null || p.paymentDepositValue === undefined
      ? ''
      : p.paymentDepositType === 'fixed_amount'
        ? centsAsDollarsText(p.paymentDepositValue)
        : String(p.paymentDepositValue),
  hasPaymentPolicy: p.hasPaymentPolicy,
  paymentPolicyName: p.paymentPolicyName ?? '',
  paymentPolicyText: p.paymentPolicyText ?? '',
  requirePaymentPolicyAttestation: p.requirePaymentPolicyAttestation,
  noShowFeeCents: p.noShowFeeCents ? centsAsDollarsText(p.noShowFeeCents) : '',
});

interface PartProps {
  values: PaymentValues;
  errors: Partial<Record<keyof PaymentValues, string>>;
  setValue: <K extends keyof PaymentValues>(name: K, value: PaymentValues[K]) => void;
}

/** The deposit's type and value (a percentage, or dollars), for collect_deposit. */
function DepositFields({ values, errors, setValue }: PartProps) {
  return (
    <Stack gap="4" direction={{ base: 'column', md: 'row' }}>
      <Field.Root required invalid={Boolean(errors.paymentDepositType)}>
        <Field.Label>Deposit type</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={values.paymentDepositType}
            onChange={(event) => setValue('paymentDepositType', event.target.value as DepositType | '')}
          >
            <option value="">Choose…</option>
            <option value="percentage">A percentage of the price</option>
            <option value="fixed_amount">A fixed amount</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.paymentDepositType && <Field.ErrorText>{errors.paymentDepositType}</Field.ErrorText>}
      </Field.Root>
      <TextField
        label={values.paymentDepositType === 'fixed_amount' ? 'Deposit ($)' : 'Deposit (%)'}
        inputMode="decimal"
        required
        value={values.paymentDepositValue}
        onValue={(v) => setValue('paymentDepositValue', v)}
        error={errors.paymentDepositValue}
      />
    </Stack>
  );
}

/** Whether a payment policy is shown (its name and text) and must be agreed to. */
function PolicyFields({ values, errors, setValue }: PartProps) {
  return (
    <>
      <Checkbox.Root
        checked={values.hasPaymentPolicy}
        onCheckedChange={(details) => setValue('hasPaymentPolicy', details.checked === true)}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Show a payment policy at checkout</Checkbox.Label>
      </Checkbox.Root>
      {values.hasPaymentPolicy && (
        <>
          <TextField
            label="Policy name"
            required
            value={values.paymentPolicyName}
            onValue={(v) => setValue('paymentPolicyName', v)}
            error={errors.paymentPolicyName}
          />
          <Field.Root required invalid={Boolean(errors.paymentPolicyText)}>
            <Field.Label>
              Policy text <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              rows={5}
              value={values.paymentPolicyText}
              onChange={(event) => setValue('paymentPolicyText', event.target.value)}
            />
            {errors.paymentPolicyText && <Field.ErrorText>{errors.paymentPolicyText}</Field.ErrorText>}
          </Field.Root>
        </>
      )}
      <Field.Root invalid={Boolean(errors.requirePaymentPolicyAttestation)}>
        <Checkbox.Root
          checked={values.requirePaymentPolicyAttestation}
          disabled={!values.hasPaymentPolicy}
          onCheckedChange={(details) => setValue('requirePaymentPolicyAttestation', details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Clients must agree to the policy to book</Checkbox.Label>
        </Checkbox.Root>
        {errors.requirePaymentPolicyAttestation && (
          <Field.ErrorText>{errors.requirePaymentPolicyAttestation}</Field.ErrorText>
        )}
      </Field.Root>
    </>
  );
}

/** How and when clients pay (a deposit's type and value) and the payment policy they are shown. */
export function PaymentsForm({
  marketplaceId,
  settings,
}: {
  marketplaceId: string;
  settings: StaffSettings;
}) {
  const initial = paymentValues(settings);
  const form = useForm<PaymentValues, StaffPaymentSettingsInput>(paymentSettingsRules, initial);
  const { save, pending } = useSettingsSave('updatePaymentSettings', 'Payment settings saved.');
  const dirty = isDirty(form.values, initial);
  useReportDirty('payments', dirty);
  const { values, setValue } = form;
  const parts = { values, errors: form.errors, setValue };
  const deposit = values.paymentCollectionMethod === 'collect_deposit';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = form.validate();
    if (!input) return focusFirstInvalid(event.currentTarget);
    save(
      { marketplaceId, input },
      {
        onSaved: (saved) => form.setValues(paymentValues(saved)),
        onRefused: (message) => form.setError(null, message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="settings-payments-heading">
      <Stack gap="5" maxW="2xl">
        <Heading as="h3" size="md" id="settings-payments-heading">
          Payments
        </Heading>
        <Field.Root required>
          <Field.Label>What is charged online</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={values.paymentCollectionMethod}
              onChange={(event) => setValue('paymentCollectionMethod', event.target.value as Method)}
            >
              {METHODS.map((method) => (
                <option key={method.value} value={method.value}>
                  {method.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {deposit && <DepositFields {...parts} />}
        <TextField
          label="No-show fee ($)"
          inputMode="decimal"
          helper="Charged to the card on file when you mark a booked client a no-show. Leave empty for none."
          value={values.noShowFeeCents}
          onValue={(v) => setValue('noShowFeeCents', v)}
          error={form.errors.noShowFeeCents}
        />
        <PolicyFields {...parts} />
        <FormActions
          dirty={dirty}
          pending={pending}
          formError={form.formError}
          onDiscard={() => form.setValues(initial)}
        />
      </Stack>
    </form>
  );
}

import { phoneCodeForm } from '@atrium/domain';
import { errorMessage } from '@atrium/graphql-client';
import { useConfirmPhone, useRequestConfirmPhone } from '@atrium/graphql-client/identity';
import { useNavigate } from '@atrium/navigation';
import { $alertVerifyPhone } from '@atrium/stores';
import { Button, Card, Flex, Link, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, Input, useForm } from '@atrium/ui/forms';
import { type FormEvent, useRef } from 'react';
import { notify } from '../shared/notify';
import { useStoredMarketplace } from '../shared/stored-marketplace';
import { passcodeInput } from '../sign-in/passcode-text';

/**
 * /confirm-phone: the 6-digit code texted to the signed-in user's phone, with Verify and Cancel
 * ('Code is required', 'Please enter a valid code'). Confirming refreshes the user and the
 * marketplace data, then goes to the stored marketplace's profile.
 */
export function ConfirmPhonePage() {
  const { marketplaceId } = useStoredMarketplace();
  const navigate = useNavigate();
  const confirm = useConfirmPhone();
  const form = useForm(phoneCodeForm, { code: '' });
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = form.validate();
    if (!valid) return input.current?.focus();
    confirm.mutate(
      { marketplaceId, code: valid.code },
      {
        onSuccess: () => {
          $alertVerifyPhone.set(false);
          notify('success', 'Phone number confirmed successfully!');
          navigate(marketplaceId ? `/${marketplaceId}/profile` : '/', { replace: true });
        },
        onError: (failure) => {
          form.setError('code', errorMessage(failure, 'confirmPhone'));
          input.current?.focus();
        },
      },
    );
  };

  return (
    <Stack gap="4" maxW="md">
      <PageHeading>Confirm Phone</PageHeading>
      <Card.Root>
        <Card.Body>
          <form noValidate onSubmit={submit}>
            <Stack gap="4">
              <Text color="fg.muted">Enter the 6-digit code we sent to your phone.</Text>
              <Field.Root invalid={Boolean(form.errors.code)}>
                <Field.Label>Code</Field.Label>
                <Input
                  ref={input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  size="lg"
                  value={form.values.code}
                  // A pasted 'Code: 246 801' becomes 246801; typing keeps digits only, at most six.
                  onChange={(event) => form.setValue('code', passcodeInput(event.target.value))}
                />
                <Field.ErrorText>{form.errors.code}</Field.ErrorText>
              </Field.Root>
              <SendNewCode marketplaceId={marketplaceId} />
              <Flex gap="3" justify="flex-end">
                <Button type="button" variant="outline" onClick={() => navigate('/')}>
                  Cancel
                </Button>
                <Button type="submit" loading={confirm.isPending} loadingText="Verify">
                  Verify
                </Button>
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

function SendNewCode({ marketplaceId }: { marketplaceId: string }) {
  const resend = useRequestConfirmPhone();
  const sendAgain = () =>
    resend.mutate(marketplaceId || null, {
      onSuccess: () => notify('success', 'We texted you a new code.'),
      onError: (failure) => notify('error', errorMessage(failure, 'requestPhoneConfirmation')),
    });
  return (
    <Link
      as="button"
      type="button"
      alignSelf="start"
      color="brand.fg"
      fontSize="sm"
      onClick={sendAgain}
      aria-disabled={resend.isPending}
    >
      Send a new code
    </Link>
  );
}

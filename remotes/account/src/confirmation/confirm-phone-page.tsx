import { errorMessage } from '@atrium/graphql-client';
import { useConfirmPhone, useRequestConfirmPhone } from '@atrium/graphql-client/identity';
import { useNavigate } from '@atrium/navigation';
import { $alertVerifyPhone } from '@atrium/stores';
import { Button, Card, Flex, Link, PageHeading, Stack, Text } from '@atrium/ui';
import { Field, Input } from '@atrium/ui/forms';
import { type FormEvent, useRef, useState } from 'react';
import { notify } from '../shared/notify';
import { useStoredMarketplace } from '../shared/stored-marketplace';
import { passcodeInput } from '../sign-in/sign-in-rules';
import { validatePhoneCode } from './phone-code-rules';

/**
 * /confirm-phone (spec 2): the 6-digit code texted to the signed-in user's phone, with Verify and
 * Cancel ('Code is required', 'Please enter a valid code'). Confirming refreshes the user and the
 * marketplace data, then goes to the stored marketplace's profile.
 */
export function ConfirmPhonePage() {
  const { marketplaceId } = useStoredMarketplace();
  const navigate = useNavigate();
  const confirm = useConfirmPhone();
  const resend = useRequestConfirmPhone();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const fail = (message: string) => {
    setError(message);
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePhoneCode(code);
    if (problem) return fail(problem);
    confirm.mutate(
      { marketplaceId, code: code.trim() },
      {
        onSuccess: () => {
          $alertVerifyPhone.set(false);
          notify('success', 'Phone number confirmed successfully!');
          navigate(marketplaceId ? `/${marketplaceId}/profile` : '/', { replace: true });
        },
        onError: (failure) => fail(errorMessage(failure, 'confirmPhone')),
      },
    );
  };

  const sendAgain = () =>
    resend.mutate(marketplaceId || null, {
      onSuccess: () => notify('success', 'We texted you a new code.'),
      onError: (failure) => notify('error', errorMessage(failure, 'requestPhoneConfirmation')),
    });

  return (
    <Stack gap="4" maxW="md">
      <PageHeading>Confirm Phone</PageHeading>
      <Card.Root>
        <Card.Body>
          <form noValidate onSubmit={submit}>
            <Stack gap="4">
              <Text color="fg.muted">Enter the 6-digit code we sent to your phone.</Text>
              <Field.Root invalid={error !== null}>
                <Field.Label>Code</Field.Label>
                <Input
                  ref={input}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  size="lg"
                  value={code}
                  onChange={(event) => {
                    // A pasted 'Code: 246 801' becomes 246801; typing keeps digits only, at most six.
                    setCode(passcodeInput(event.target.value));
                    setError(null);
                  }}
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
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

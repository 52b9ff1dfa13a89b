import { errorMessage } from '@atrium/graphql-client';
import { useRequestConfirmPhone } from '@atrium/graphql-client/identity';
import { useNavigate } from '@atrium/navigation';
import { $alertVerifyPhone } from '@atrium/stores';
import { Alert, Box, Button, CloseIcon, Flex, IconButton } from '@atrium/ui';
import { notify } from '../shared/notify';

/**
 * The phone-verification alert flag's notice: the signed-in user's phone is not confirmed. Verify
 * Phone texts a code and opens /confirm-phone; the notice can be dismissed.
 */
export function PhoneNotice({ marketplaceId }: { marketplaceId: string }) {
  const navigate = useNavigate();
  const request = useRequestConfirmPhone();

  const verify = () =>
    request.mutate(marketplaceId || null, {
      onSuccess: () => {
        notify('success', 'We texted you a 6-digit code.');
        navigate('/confirm-phone');
      },
      onError: (error) => notify('error', errorMessage(error, 'requestPhoneConfirmation')),
    });

  return (
    <Box
      as="aside"
      aria-label="Phone verification"
      position="fixed"
      bottom="4"
      left="4"
      right={{ base: '4', md: 'auto' }}
      maxW={{ md: 'md' }}
      zIndex="banner"
    >
      <Alert.Root status="warning" boxShadow="lg" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Verify your phone number</Alert.Title>
          <Alert.Description>We'll text you a 6-digit code to confirm it.</Alert.Description>
        </Alert.Content>
        <Flex gap="1" align="center">
          <Button size="sm" onClick={verify} loading={request.isPending} loadingText="Verify Phone">
            Verify Phone
          </Button>
          <IconButton
            aria-label="Dismiss"
            size="sm"
            variant="ghost"
            onClick={() => $alertVerifyPhone.set(false)}
          >
            <CloseIcon />
          </IconButton>
        </Flex>
      </Alert.Root>
    </Box>
  );
}

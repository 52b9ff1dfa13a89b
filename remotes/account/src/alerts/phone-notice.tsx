import { errorMessage } from '@atrium/graphql-client';
import { useRequestConfirmPhone } from '@atrium/graphql-client/identity';
import { useNavigate } from '@atrium/navigation';
import { $alertVerifyPhone } from '@atrium/stores';
import { Alert, Box, Button, CloseIcon, Container, Flex, IconButton } from '@atrium/ui';
import { notify } from '../shared/notify';

/**
 * The phone-verification alert flag's notice: the signed-in user's phone is not confirmed. Verify
 * Phone texts a code and opens /confirm-phone; Dismiss lowers the flag until the next sign-in.
 * The host renders it in the page flow under the header, so it takes its own room and never covers
 * the page; on a phone its action goes under the text to keep it short.
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
    <Container as="aside" aria-label="Phone verification" maxW="5xl" pt={{ base: '3', md: '4' }}>
      <Alert.Root status="warning" alignItems="start" py="2.5">
        <Alert.Indicator mt="0.5" />
        <Alert.Content>
          <Flex
            direction={{ base: 'column', sm: 'row' }}
            align={{ base: 'start', sm: 'center' }}
            justify="space-between"
            gap={{ base: '2', sm: '4' }}
          >
            <Box>
              <Alert.Title>Verify your phone number</Alert.Title>
              <Alert.Description>We'll text you a 6-digit code to confirm it.</Alert.Description>
            </Box>
            <Button
              size="xs"
              flexShrink="0"
              onClick={verify}
              loading={request.isPending}
              loadingText="Verify Phone"
            >
              Verify Phone
            </Button>
          </Flex>
        </Alert.Content>
        <IconButton
          aria-label="Dismiss"
          size="xs"
          variant="ghost"
          mt="-0.5"
          onClick={() => $alertVerifyPhone.set(false)}
        >
          <CloseIcon />
        </IconButton>
      </Alert.Root>
    </Container>
  );
}

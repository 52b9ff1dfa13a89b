import { errorMessage } from '@atrium/graphql-client';
import { useRequestConfirmEmail } from '@atrium/graphql-client/identity';
import { $userEmail } from '@atrium/stores';
import { Button, Flex, Stack, Text } from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { notify } from '../shared/notify';
import { useLogoutFlow } from '../shared/use-logout-flow';

interface PendingEmailDialogProps {
  open: boolean;
  marketplaceId: string;
  onClose: () => void;
}

/**
 * The pending-email-verification dialog: the signed-in user's email is not
 * confirmed yet. Send Email mails a new confirmation link; Logout signs out.
 */
export function PendingEmailDialog({ open, marketplaceId, onClose }: PendingEmailDialogProps) {
  const email = useStore($userEmail);
  const send = useRequestConfirmEmail();
  const { logOut, pending: loggingOut } = useLogoutFlow();

  const sendEmail = () =>
    send.mutate(marketplaceId, {
      onSuccess: () => notify('success', `We sent a confirmation link to ${email ?? 'your email address'}.`),
      onError: (error) => notify('error', errorMessage(error, 'requestEmailConfirmation')),
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      role="alertdialog"
      title="Verify your email"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={logOut} loading={loggingOut} loadingText="Logout">
            Logout
          </Button>
          <Button onClick={sendEmail} loading={send.isPending} loadingText="Send Email">
            Send Email
          </Button>
        </Flex>
      }
    >
      <Stack gap="3">
        <Text>Please confirm your email address to continue.</Text>
        <Text color="fg.muted">
          Open the link we emailed to {email ? <strong>{email}</strong> : 'you'}. Can't find it? Send a new
          one.
        </Text>
      </Stack>
    </Modal>
  );
}

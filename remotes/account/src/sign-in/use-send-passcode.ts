import { useRequestPasscode } from '@atrium/graphql-client/identity';
import { $passCodeToken } from '@atrium/stores';
import { PASSCODE_REQUEST_FAILED, PASSCODE_SENT } from '../shared/messages';
import { notify, serverMessageOr } from '../shared/notify';

/**
 * Requests a sign-in code for an email: the token is kept for the code step and
 * 'Passcode sent successfully!' shows; a failure shows the server's message or 'Passcode request
 * failed, please try again'. Resolves to whether a code was sent.
 */
export function useSendPasscode(marketplaceId: string) {
  const request = useRequestPasscode();
  const send = async (email: string): Promise<boolean> => {
    try {
      $passCodeToken.set(await request.mutateAsync({ marketplaceId, email }));
    } catch (error) {
      notify('error', serverMessageOr(error, PASSCODE_REQUEST_FAILED));
      return false;
    }
    notify('success', PASSCODE_SENT);
    return true;
  };
  return { send, pending: request.isPending };
}

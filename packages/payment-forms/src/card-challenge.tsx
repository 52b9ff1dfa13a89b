import { type PaymentProcessorInfo, sandboxAuthenticate } from '@atrium/graphql-client/checkout';
import { Button, Flex, Stack, Text } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { CardAuthenticationFailedError, PAYMENT_FORM_NOT_READY } from './card-collector';
import { loadStripeOnce } from './stripe-loader';

export const SANDBOX_CHALLENGE_TITLE = '3D Secure authentication';

interface Pending {
  clientSecret: string;
  resolve: () => void;
  reject: (error: CardAuthenticationFailedError) => void;
}

export interface CardChallenge {
  /** Runs the challenge for a SetupIntent's or PaymentIntent's client secret; throws when it failed. */
  authenticate(clientSecret: string): Promise<void>;
  /** The sandbox bank's dialog, to render wherever the hook is used (nothing with Stripe). */
  dialog: ReactNode;
}

/**
 * The 3-D Secure challenge of the active processor: Stripe.js `handleNextAction` (Stripe shows the
 * bank's page in its own modal), or the sandbox bank's dialog, whose answer goes to the API
 * (sandboxAuthenticate) exactly once. The card forms and the payment authentication page use it.
 */
export function useCardChallenge(processor: PaymentProcessorInfo | undefined): CardChallenge {
  const [pending, setPending] = useState<Pending | null>(null);
  const [answering, setAnswering] = useState(false);
  const current = useRef<Pending | null>(null);

  const authenticate = useCallback(
    async (clientSecret: string) => {
      if (!processor) throw new Error(PAYMENT_FORM_NOT_READY);
      if (processor.processor === 'STRIPE') {
        const stripe = processor.stripePublishableKey
          ? await loadStripeOnce(processor.stripePublishableKey).catch(() => null)
          : null;
        if (!stripe) throw new Error(PAYMENT_FORM_NOT_READY);
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) throw new CardAuthenticationFailedError(result.error.message);
        const status = (result.setupIntent ?? result.paymentIntent)?.status;
        if (status !== 'succeeded' && status !== 'processing') throw new CardAuthenticationFailedError();
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const next = { clientSecret, resolve, reject };
        current.current = next;
        setPending(next);
      });
    },
    [processor],
  );

  /** The bank's one answer; closing the dialog is a failed authentication, as with Stripe's modal. */
  const answer = async (outcome: 'APPROVE' | 'FAIL') => {
    const challenge = current.current;
    if (!challenge || answering) return;
    setAnswering(true);
    try {
      await sandboxAuthenticate(challenge.clientSecret, outcome);
      if (outcome === 'APPROVE') challenge.resolve();
      else challenge.reject(new CardAuthenticationFailedError());
    } catch {
      challenge.reject(new CardAuthenticationFailedError());
    } finally {
      current.current = null;
      setAnswering(false);
      setPending(null);
    }
  };

  const dialog = (
    <ResponsiveDialog
      open={pending !== null}
      onClose={() => void answer('FAIL')}
      title={SANDBOX_CHALLENGE_TITLE}
      role="alertdialog"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={() => void answer('FAIL')} disabled={answering}>
            Fail authentication
          </Button>
          <Button onClick={() => void answer('APPROVE')} loading={answering} loadingText="Authenticating">
            Complete authentication
          </Button>
        </Flex>
      }
    >
      <Stack gap="3">
        <Text fontWeight="semibold">Sandbox Bank</Text>
        <Text>
          This is the sandbox bank's 3D Secure page, standing in for your card's bank. No real bank is asked
          and no money moves.
        </Text>
        <Text>
          Complete the authentication to confirm it is you, or fail it to see what happens when a bank
          refuses.
        </Text>
      </Stack>
    </ResponsiveDialog>
  );

  return { authenticate, dialog };
}

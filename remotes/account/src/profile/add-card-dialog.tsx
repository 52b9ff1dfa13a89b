import {
  type ProfileViewer,
  useCreatePaymentInstrument,
  walletErrorMessage,
} from '@atrium/graphql-client/account';
import {
  CardAuthenticationFailedError,
  type CardCollector,
  CardEntryForm,
  PAYMENT_FORM_NOT_READY,
  sendCardWithAuthentication,
  type TokenizedCard,
} from '@atrium/payment-forms';
import { Button, Flex, Text } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useRef, useState } from 'react';
import { CARD_ADDED } from '../shared/messages';
import { notify } from '../shared/notify';

interface AddCardDialogProps {
  open: boolean;
  onClose: () => void;
  profile: ProfileViewer['profile'];
}

/**
 * Add a card to the wallet: the processor's card form, the card tokenized in the browser, then saved
 * (save always true) with the card holder's identity from the profile. A card whose bank
 * asks for 3-D Secure gets its challenge, then is saved. A card the form cannot use, or whose
 * authentication failed, shows its message in the dialog with the entered card kept; a refused save
 * toasts the server's reason or the wallet fallback.
 */
export function AddCardDialog({ open, onClose, profile }: AddCardDialogProps) {
  const card = useRef<CardCollector>(null);
  const create = useCreatePaymentInstrument();
  const [collecting, setCollecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = collecting || create.isPending;

  const close = () => {
    setProblem(null);
    onClose();
  };

  const save = async () => {
    if (busy) return;
    setProblem(null);
    const form = card.current;
    if (!form) return setProblem(PAYMENT_FORM_NOT_READY);
    let tokenized: TokenizedCard;
    setCollecting(true);
    try {
      tokenized = await form.tokenize();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : PAYMENT_FORM_NOT_READY);
      setCollecting(false);
      return;
    }
    const identity = {
      firstName: profile.givenName ?? '',
      lastName: profile.familyName ?? '',
      email: profile.email,
      phone: profile.phone ?? null,
      postalCode: tokenized.postalCode,
    };
    try {
      await sendCardWithAuthentication(form, tokenized, (token) => create.mutateAsync({ token, identity }));
      notify('success', CARD_ADDED);
      close();
    } catch (error) {
      // A failed challenge is the form's to say (the card stays entered); the rest are toasts.
      if (error instanceof CardAuthenticationFailedError) setProblem(error.message);
      else notify('error', walletErrorMessage(error));
    } finally {
      setCollecting(false);
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onClose={close}
      title="Add Card"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={save} loading={busy} loadingText="Save Card">
            Save Card
          </Button>
        </Flex>
      }
    >
      <CardEntryForm ref={card} />
      {problem && (
        <Text role="alert" color="fg.error" mt="3">
          {problem}
        </Text>
      )}
    </ResponsiveDialog>
  );
}

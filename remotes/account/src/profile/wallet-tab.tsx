import {
  type ProfileViewer,
  useDeletePaymentInstrument,
  useUpdatePrimaryPaymentInstrument,
  type WalletCard,
  walletErrorMessage,
} from '@atrium/graphql-client/account';
import { cardBrandName, cardExpiry } from '@atrium/payment-forms';
import {
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  PlusIcon,
  Stack,
  Text,
  TrashIcon,
  VisuallyHidden,
} from '@atrium/ui';
import { Modal } from '@atrium/ui/overlays';
import { useState } from 'react';
import { CARD_DELETED, CARD_SET_AS_DEFAULT } from '../shared/messages';
import { notify } from '../shared/notify';
import { useDialogSubject } from '../shared/use-dialog-subject';
import { AddCardDialog } from './add-card-dialog';
import { WalletApplePay } from './wallet-apple-pay';

/** 'Visa ending in 4242': how a card is named on screen and to screen readers. */
export const cardName = (card: WalletCard) => `${cardBrandName(card.brand)} ending in ${card.lastFour}`;

/**
 * Wallet: the saved cards with brand and last four, the default one marked; set another as default,
 * delete one (after a confirmation), add a card. Each change toasts its message.
 */
export function WalletTab({ viewer }: { viewer: ProfileViewer }) {
  const cards = viewer.paymentInstruments;
  const setPrimary = useUpdatePrimaryPaymentInstrument();
  const [adding, setAdding] = useState(false);
  const deleting = useDialogSubject<WalletCard>();
  const isDefault = (card: WalletCard) =>
    viewer.primaryInstrumentId ? card.id === viewer.primaryInstrumentId : card.isPrimary;

  const makeDefault = (card: WalletCard) =>
    setPrimary.mutate(card.id, {
      onSuccess: () => notify('success', CARD_SET_AS_DEFAULT),
      onError: (error) => notify('error', walletErrorMessage(error)),
    });

  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h2" size="lg">
          Saved Cards
        </Heading>
        <Button size="sm" onClick={() => setAdding(true)}>
          <PlusIcon /> Add Card
        </Button>
      </Flex>
      <WalletApplePay profile={viewer.profile} />
      {cards.length === 0 ? (
        <Card.Root>
          <Card.Body>
            <Text color="fg.muted">No saved cards yet. Add a card to pay faster at checkout.</Text>
          </Card.Body>
        </Card.Root>
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Saved cards">
          {cards.map((card) => (
            <SavedCard
              key={card.id}
              card={card}
              primary={isDefault(card)}
              settingDefault={setPrimary.isPending ? setPrimary.variables : null}
              onMakeDefault={() => makeDefault(card)}
              onDelete={() => deleting.show(card)}
            />
          ))}
        </Stack>
      )}
      <DeleteCardDialog deleting={deleting} />
      <AddCardDialog open={adding} onClose={() => setAdding(false)} profile={viewer.profile} />
    </Stack>
  );
}

interface SavedCardProps {
  card: WalletCard;
  primary: boolean;
  /** The card being made the default, if one is. */
  settingDefault: string | null | undefined;
  onMakeDefault: () => void;
  onDelete: () => void;
}

function SavedCard({ card, primary, settingDefault, onMakeDefault, onDelete }: SavedCardProps) {
  const name = cardName(card);
  const settingThis = settingDefault === card.id;
  return (
    <Card.Root as="li">
      <Card.Body>
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Stack gap="0">
            <Flex align="center" gap="2">
              <Text fontWeight="semibold">{cardBrandName(card.brand)}</Text>
              <Text aria-hidden="true">•••• {card.lastFour}</Text>
              {primary && (
                <Badge colorPalette="brand" variant="solid">
                  Default
                </Badge>
              )}
            </Flex>
            <Text fontSize="sm" color="fg.muted">
              <VisuallyHidden>{name}, </VisuallyHidden>
              Expires {cardExpiry(card)}
            </Text>
          </Stack>
          <Flex gap="2">
            {!primary && (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Set as default: ${name}`}
                loading={settingThis}
                loadingText="Set as default"
                disabled={Boolean(settingDefault) && !settingThis}
                onClick={onMakeDefault}
              >
                Set as default
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              aria-label={`Delete ${name}`}
              onClick={onDelete}
            >
              <TrashIcon /> Delete
            </Button>
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** 'Delete card', confirmed before the card goes; its message is toasted either way. */
function DeleteCardDialog({ deleting }: { deleting: ReturnType<typeof useDialogSubject<WalletCard>> }) {
  const remove = useDeletePaymentInstrument();
  const deleteCard = (card: WalletCard) =>
    remove.mutate(card.id, {
      onSuccess: () => {
        deleting.close();
        notify('success', CARD_DELETED);
      },
      onError: (error) => {
        deleting.close();
        notify('error', walletErrorMessage(error));
      },
    });
  return (
    <Modal
      open={deleting.open}
      onClose={() => !remove.isPending && deleting.close()}
      role="alertdialog"
      title="Delete card"
      footer={
        <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
          <Button variant="outline" onClick={deleting.close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            colorPalette="red"
            loading={remove.isPending}
            loadingText="Delete"
            onClick={() => deleting.subject && deleteCard(deleting.subject)}
          >
            Delete
          </Button>
        </Flex>
      }
    >
      <Text>
        {deleting.subject && `Delete ${cardName(deleting.subject)} from your wallet? `}
        You can add it again at any time.
      </Text>
    </Modal>
  );
}

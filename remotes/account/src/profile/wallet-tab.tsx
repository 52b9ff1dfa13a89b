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
import { useRef, useState } from 'react';
import { CARD_DELETED, CARD_SET_AS_DEFAULT } from '../shared/messages';
import { notify } from '../shared/notify';
import { AddCardDialog } from './add-card-dialog';
import { WalletApplePay } from './wallet-apple-pay';

/** 'Visa ending in 4242': how a card is named on screen and to screen readers. */
export const cardName = (card: WalletCard) => `${cardBrandName(card.brand)} ending in ${card.lastFour}`;

/**
 * Spec 2 Wallet: the saved cards with brand and last four, the default one marked; set another as
 * default, delete one (after a confirmation), add a card. Each change toasts the spec's message.
 */
export function WalletTab({ viewer }: { viewer: ProfileViewer }) {
  const cards = viewer.paymentInstruments;
  const setPrimary = useUpdatePrimaryPaymentInstrument();
  const remove = useDeletePaymentInstrument();
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<WalletCard | null>(null);
  // The dialog's body stays a moment after closing (spec 2): it keeps naming the card meanwhile.
  const lastConfirmed = useRef<WalletCard | null>(null);
  if (confirming) lastConfirmed.current = confirming;
  const isDefault = (card: WalletCard) =>
    viewer.primaryInstrumentId ? card.id === viewer.primaryInstrumentId : card.isPrimary;

  const makeDefault = (card: WalletCard) =>
    setPrimary.mutate(card.id, {
      onSuccess: () => notify('success', CARD_SET_AS_DEFAULT),
      onError: (error) => notify('error', walletErrorMessage(error)),
    });

  const deleteCard = (card: WalletCard) =>
    remove.mutate(card.id, {
      onSuccess: () => {
        setConfirming(null);
        notify('success', CARD_DELETED);
      },
      onError: (error) => {
        setConfirming(null);
        notify('error', walletErrorMessage(error));
      },
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
          {cards.map((card) => {
            const primary = isDefault(card);
            const name = cardName(card);
            const settingThis = setPrimary.isPending && setPrimary.variables === card.id;
            return (
              <Card.Root as="li" key={card.id}>
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
                          disabled={setPrimary.isPending && !settingThis}
                          onClick={() => makeDefault(card)}
                        >
                          Set as default
                        </Button>
                      )}
                      <Button
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={`Delete ${name}`}
                        onClick={() => setConfirming(card)}
                      >
                        <TrashIcon /> Delete
                      </Button>
                    </Flex>
                  </Flex>
                </Card.Body>
              </Card.Root>
            );
          })}
        </Stack>
      )}
      <Modal
        open={confirming !== null}
        onClose={() => !remove.isPending && setConfirming(null)}
        role="alertdialog"
        title="Delete card"
        footer={
          <Flex gap="3" w="full" justify="flex-end" direction={{ base: 'column-reverse', sm: 'row' }}>
            <Button variant="outline" onClick={() => setConfirming(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              colorPalette="red"
              loading={remove.isPending}
              loadingText="Delete"
              onClick={() => confirming && deleteCard(confirming)}
            >
              Delete
            </Button>
          </Flex>
        }
      >
        <Text>
          {lastConfirmed.current && `Delete ${cardName(lastConfirmed.current)} from your wallet? `}
          You can add it again at any time.
        </Text>
      </Modal>
      <AddCardDialog open={adding} onClose={() => setAdding(false)} profile={viewer.profile} />
    </Stack>
  );
}

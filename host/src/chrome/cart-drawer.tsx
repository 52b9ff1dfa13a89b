import { cartLineTotal, formatCents, formatDuration, minPrice } from '@atrium/domain';
import { type Marketplace, type MarketplaceProcedure, useMarketplace } from '@atrium/graphql-client';
import { useNavigate } from '@atrium/navigation';
import {
  $canCheckout,
  $proceduresFilter,
  $selectedProcedures,
  removeFromCart,
  type SelectedProcedure,
} from '@atrium/stores';
import { Box, Button, Flex, HStack, IconButton, Link, Stack, Text, TrashIcon } from '@atrium/ui';
import { SideDrawer } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';

type CatalogueItem = MarketplaceProcedure | MarketplaceProcedure['addOns'][number];

interface CartDrawerProps {
  marketplace: Marketplace;
  open: boolean;
  onClose: () => void;
}

/** The chrome's 'Selected Services' drawer, with Edit, remove and Checkout. */
export default function CartDrawer({ marketplace, open, onClose }: CartDrawerProps) {
  const navigate = useNavigate();
  const cart = useStore($selectedProcedures);
  const canCheckout = useStore($canCheckout);
  const byId = useCatalogueItems(marketplace.id);
  const { list, remove } = useRemoveKeepingFocus();
  const go = (path: string) => {
    onClose();
    navigate(`/${marketplace.id}/${path}`);
  };

  return (
    <SideDrawer
      open={open}
      onClose={onClose}
      anchor="right"
      title="Selected Services"
      footer={
        cart.length > 0 && (
          <Stack w="full" gap="3">
            <CartTotal cart={cart} byId={byId} />
            {canCheckout && (
              <Button w="full" size="lg" onClick={() => go('confirm')}>
                Checkout
              </Button>
            )}
          </Stack>
        )
      }
    >
      {cart.length === 0 ? (
        <Text color="fg.muted">Your cart is empty.</Text>
      ) : (
        <Stack as="ul" ref={list} listStyleType="none" gap="0" aria-label="Selected services">
          {cart.map((line, index) => (
            <CartLine
              key={line.id}
              line={line}
              byId={byId}
              onEdit={() => go(`services?procedure=${line.id}`)}
              onRemove={() => remove(index, line.id)}
            />
          ))}
        </Stack>
      )}
    </SideDrawer>
  );
}

/** A line's service with its add-ons, priced and timed as checkout does; null until the menu is loaded. */
function lineTotal(line: SelectedProcedure, byId: Map<string, CatalogueItem>) {
  const service = byId.get(line.id);
  if (!service) return null;
  const addOns = line.addOnIds.flatMap((id) => byId.get(id) ?? []);
  return cartLineTotal(service, addOns, line.addOnIds);
}

/** What the services come to, as /confirm's 'Services' line (before discounts, travel fee and tip). */
function CartTotal({ cart, byId }: { cart: readonly SelectedProcedure[]; byId: Map<string, CatalogueItem> }) {
  const totals = cart.map((line) => lineTotal(line, byId));
  if (totals.some((total) => total === null)) return null;
  const cents = totals.reduce((sum, total) => sum + (total?.cents ?? 0), 0);
  return (
    <Flex justify="space-between" fontWeight="bold" fontSize="lg" w="full">
      <Text>Services total</Text>
      <Text data-testid="cart-total">{formatCents(cents)}</Text>
    </Flex>
  );
}

/** The services and add-ons of the catalogue at the chosen location, by id. */
function useCatalogueItems(marketplaceId: string): Map<string, CatalogueItem> {
  const catalog = useMarketplace(marketplaceId, useStore($proceduresFilter)).data;
  return new Map(
    (catalog?.procedures ?? []).flatMap((procedure) => [
      [procedure.id, procedure] as const,
      ...procedure.addOns.map((addOn) => [addOn.id, addOn] as const),
    ]),
  );
}

/**
 * Removes a line from the cart. The removed line takes its focused Remove button with it: focus goes
 * to the line that takes its place, else the one before, else the drawer's Close button (never lost
 * to the page behind).
 */
function useRemoveKeepingFocus() {
  const list = useRef<HTMLDivElement>(null);
  const remove = (index: number, id: string) => {
    const drawer = list.current?.closest<HTMLElement>('[role="dialog"]');
    removeFromCart(id);
    requestAnimationFrame(() => {
      const buttons = drawer?.querySelectorAll<HTMLElement>('[data-cart-remove]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? drawer?.querySelector<HTMLElement>('button[aria-label="Close"]'))?.focus();
    });
  };
  return { list, remove };
}

function CartLine({
  line,
  byId,
  onEdit,
  onRemove,
}: {
  line: SelectedProcedure;
  byId: Map<string, CatalogueItem>;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const procedure = byId.get(line.id);
  const name = procedure?.name ?? 'Service';
  const total = lineTotal(line, byId);
  return (
    <Box as="li" py="3" borderBottomWidth="1px">
      <Flex justify="space-between" gap="3" align="start">
        <Stack gap="0.5" flex="1">
          <Text fontWeight="semibold">{name}</Text>
          {line.addOnIds.map((id) => {
            const addOn = byId.get(id);
            const price = addOn && minPrice(addOn.price);
            return (
              <Text key={id} fontSize="sm" color="fg.muted">
                + {addOn?.name ?? 'Add-on'}
                {price !== undefined && ` ${formatCents(price)}`}
              </Text>
            );
          })}
          {total && (
            <Text fontSize="sm">
              {formatCents(total.cents)}
              {formatDuration(total.minutes) && (
                <Text as="span" color="fg.muted">
                  <span aria-hidden="true"> · </span>
                  {formatDuration(total.minutes)}
                </Text>
              )}
            </Text>
          )}
        </Stack>
        <HStack gap="1">
          <Link
            as="button"
            color="brand.fg"
            fontWeight="semibold"
            onClick={onEdit}
            aria-label={`Edit ${name}`}
          >
            Edit
          </Link>
          <IconButton
            variant="ghost"
            size="sm"
            aria-label={`Remove ${name}`}
            data-cart-remove
            onClick={onRemove}
          >
            <TrashIcon />
          </IconButton>
        </HStack>
      </Flex>
    </Box>
  );
}

import { durationLabel, formatCents, minPrice } from '@atrium/domain';
import { type Marketplace, useMarketplace } from '@atrium/graphql-client';
import { useNavigate } from '@atrium/navigation';
import { $canCheckout, $proceduresFilter, $selectedProcedures, removeFromCart } from '@atrium/stores';
import { Box, Button, Flex, HStack, IconButton, Link, Stack, Text, TrashIcon } from '@atrium/ui';
import { SideDrawer } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';

interface CartDrawerProps {
  marketplace: Marketplace;
  open: boolean;
  onClose: () => void;
}

/** Spec 2 "Chrome": the 'Selected Services' drawer, with Edit, remove and Checkout. */
export default function CartDrawer({ marketplace, open, onClose }: CartDrawerProps) {
  const navigate = useNavigate();
  const cart = useStore($selectedProcedures);
  const canCheckout = useStore($canCheckout);
  const catalog = useMarketplace(marketplace.id, useStore($proceduresFilter)).data;
  const byId = new Map(
    (catalog?.procedures ?? []).flatMap((procedure) => [
      [procedure.id, procedure] as const,
      ...procedure.addOns.map((addOn) => [addOn.id, addOn] as const),
    ]),
  );
  const list = useRef<HTMLDivElement>(null);
  // The removed line takes its focused Remove button with it: focus goes to the line that takes its
  // place, else the one before, else the drawer's Close button (never lost to the page behind).
  const remove = (index: number, id: string) => {
    const drawer = list.current?.closest<HTMLElement>('[role="dialog"]');
    removeFromCart(id);
    requestAnimationFrame(() => {
      const buttons = drawer?.querySelectorAll<HTMLElement>('[data-cart-remove]') ?? [];
      const next = buttons[Math.min(index, buttons.length - 1)];
      (next ?? drawer?.querySelector<HTMLElement>('button[aria-label="Close"]'))?.focus();
    });
  };
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
        canCheckout && (
          <Button w="full" size="lg" onClick={() => go('confirm')}>
            Checkout
          </Button>
        )
      }
    >
      {cart.length === 0 ? (
        <Text color="fg.muted">Your cart is empty.</Text>
      ) : (
        <Stack as="ul" ref={list} listStyleType="none" gap="0" aria-label="Selected services">
          {cart.map((line, index) => {
            const procedure = byId.get(line.id);
            const name = procedure?.name ?? 'Service';
            return (
              <Box as="li" key={line.id} py="3" borderBottomWidth="1px">
                <Flex justify="space-between" gap="3" align="start">
                  <Stack gap="0.5" flex="1">
                    <Text fontWeight="semibold">{name}</Text>
                    {line.addOnIds.map((id) => (
                      <Text key={id} fontSize="sm" color="fg.muted">
                        + {byId.get(id)?.name ?? 'Add-on'}
                      </Text>
                    ))}
                    {procedure && (
                      <Text fontSize="sm">
                        {formatCents(minPrice(procedure.price) ?? 0)}
                        {durationLabel(procedure.duration) && (
                          <Text as="span" color="fg.muted">
                            <span aria-hidden="true"> · </span>
                            {durationLabel(procedure.duration)}
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
                      onClick={() => go(`services?procedure=${line.id}`)}
                      aria-label={`Edit ${name}`}
                    >
                      Edit
                    </Link>
                    <IconButton
                      variant="ghost"
                      size="sm"
                      aria-label={`Remove ${name}`}
                      data-cart-remove
                      onClick={() => remove(index, line.id)}
                    >
                      <TrashIcon />
                    </IconButton>
                  </HStack>
                </Flex>
              </Box>
            );
          })}
        </Stack>
      )}
    </SideDrawer>
  );
}

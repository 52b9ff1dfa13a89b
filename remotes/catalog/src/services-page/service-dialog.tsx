import { cartTakesOnAdd, durationLabel, formatCents, isInCart, minPrice } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { $selectedLocation, $selectedProcedures, addToCart, emit, removeFromCart } from '@atrium/stores';
import { Box, Button, Flex, Heading, List, SafeImage, Stack, Text } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useCurrentMarketplace } from '../shared/use-catalog';
import { AddOnOption } from './add-on-option';
import { cartMovesMessage } from './cart-moves';
import { serviceTotal } from './service-price';

interface ServiceDialogProps {
  procedure: MarketplaceProcedure | null;
  addOnIds: string[];
  onAddOnsChange: (addOnIds: string[]) => void;
  onClose: () => void;
  onSelectLocation: () => void;
}

/** The service detail dialog, driven by ?procedure= and ?addons= (spec 2). */
export default function ServiceDialog({
  procedure: current,
  addOnIds,
  onAddOnsChange,
  onClose,
  onSelectLocation,
}: ServiceDialogProps) {
  // While closing, the body stays mounted (spec 9) and still shows the service that was open.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const procedure = current ?? last;
  const cart = useStore($selectedProcedures);
  const { data: marketplace } = useCurrentMarketplace();
  const location = useStore($selectedLocation);
  const inCart = procedure ? isInCart(cart, procedure.id) : false;
  const featured = new Set(procedure?.addOnsFeatured.map((a) => a.id));
  const recommended = procedure?.addOns.filter((a) => featured.has(a.id)) ?? [];
  const others = procedure?.addOns.filter((a) => !featured.has(a.id)) ?? [];

  const toggleAddOn = (id: string, checked: boolean) =>
    onAddOnsChange(checked ? [...addOnIds.filter((a) => a !== id), id] : addOnIds.filter((a) => a !== id));

  const total = procedure ? serviceTotal(procedure, procedure.addOns, addOnIds) : 0;
  const submit = () => {
    if (!procedure) return;
    if (!location) return onSelectLocation();
    const takes = cartTakesOnAdd($selectedProcedures.get(), { id: procedure.id, addOnIds });
    addToCart(procedure.id, addOnIds);
    // Something in the cart moved to this service (each is in the cart once): say so, not silently.
    const moves = cartMovesMessage(procedure.id, takes, (id) =>
      procedureName(marketplace?.procedures ?? [], id),
    );
    if (moves) emit('toast', { type: 'info', message: moves });
    onClose();
  };
  const remove = () => {
    if (!procedure) return;
    removeFromCart(procedure.id);
    onClose();
  };

  const addOnSection = (title: string, addOns: MarketplaceProcedure['addOns']) =>
    addOns.length > 0 && (
      <Box as="section" aria-label={title}>
        <Heading as="h3" size="md" mb="1">
          {title}
        </Heading>
        <Box as="ul" listStyleType="none">
          {addOns.map((addOn) => (
            <AddOnOption
              key={addOn.id}
              addOn={addOn}
              checked={addOnIds.includes(addOn.id)}
              onCheckedChange={(checked) => toggleAddOn(addOn.id, checked)}
            />
          ))}
        </Box>
      </Box>
    );

  return (
    <ResponsiveDialog
      open={current !== null}
      onClose={onClose}
      size="lg"
      title={procedure?.name ?? ''}
      footer={
        procedure && (
          <Flex gap="3" w="full" direction={{ base: 'column-reverse', md: 'row' }} justify="flex-end">
            {inCart && (
              <Button variant="outline" colorPalette="red" onClick={remove}>
                Remove
              </Button>
            )}
            <Button onClick={submit}>
              {!location
                ? 'Select a Location'
                : `${inCart ? 'Update Service' : 'Add Service'} ${formatCents(total)}`}
            </Button>
          </Flex>
        )
      }
    >
      {procedure && (
        <Stack gap="5">
          {/* The whole picture, never cropped or stretched, in a band of fixed height. */}
          <SafeImage
            src={procedure.thumbnail}
            alt=""
            h="48"
            w="full"
            objectFit="contain"
            bg="bg.subtle"
            borderRadius="md"
          />
          <Stack gap="1">
            {procedure.tagline && <Text color="fg.muted">{procedure.tagline}</Text>}
            <Flex gap="3" align="baseline" wrap="wrap">
              <Text fontSize="xl" fontWeight="semibold">
                {formatCents(minPrice(procedure.price) ?? 0)}
              </Text>
              {durationLabel(procedure.duration) && (
                <Text color="fg.muted">{durationLabel(procedure.duration)}</Text>
              )}
            </Flex>
          </Stack>
          {procedure.description && <Text>{procedure.description}</Text>}
          {procedure.ingredients.length > 0 && (
            <Box as="section" aria-label="Ingredients">
              <Heading as="h3" size="md" mb="2">
                Ingredients
              </Heading>
              <List.Root ps="5">
                {procedure.ingredients.map((ingredient) => (
                  <List.Item key={ingredient}>{ingredient}</List.Item>
                ))}
              </List.Root>
            </Box>
          )}
          {addOnSection('Recommended Add-ons', recommended)}
          {addOnSection('All Add-ons', others)}
        </Stack>
      )}
    </ResponsiveDialog>
  );
}

/** A procedure's or add-on's name, by id, in the marketplace's catalogue. */
function procedureName(procedures: readonly MarketplaceProcedure[], id: string): string {
  for (const procedure of procedures) {
    if (procedure.id === id) return procedure.name;
    const addOn = procedure.addOns.find((a) => a.id === id);
    if (addOn) return addOn.name;
  }
  return 'A service';
}

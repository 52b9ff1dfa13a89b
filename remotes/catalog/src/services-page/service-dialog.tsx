import { cartLineTotal, formatCents, isInCart } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { $selectedLocation, $selectedProcedures } from '@atrium/stores';
import { Button, Flex } from '@atrium/ui';
import { ResponsiveDialog } from '@atrium/ui/overlays';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { ServiceDetails } from './service-details';
import { useServiceInCart } from './use-service-in-cart';

interface ServiceDialogProps {
  procedure: MarketplaceProcedure | null;
  addOnIds: string[];
  onAddOnsChange: (addOnIds: string[]) => void;
  onClose: () => void;
  onSelectLocation: () => void;
}

/** The service detail dialog, driven by ?procedure= and ?addons=. */
export default function ServiceDialog({
  procedure: current,
  addOnIds,
  onAddOnsChange,
  onClose,
  onSelectLocation,
}: ServiceDialogProps) {
  // While closing, the body stays mounted (so it can animate) and still shows the service that was open.
  const [last, setLast] = useState(current);
  if (current && current !== last) setLast(current);
  const procedure = current ?? last;
  const location = useStore($selectedLocation);
  const cart = useStore($selectedProcedures);
  const inCart = procedure ? isInCart(cart, procedure.id) : false;
  const { add, remove } = useServiceInCart(procedure, addOnIds, onClose);

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
            <Button onClick={location ? add : onSelectLocation}>
              {!location
                ? 'Select a Location'
                : `${inCart ? 'Update Service' : 'Add Service'} ${formatCents(cartLineTotal(procedure, procedure.addOns, addOnIds).cents)}`}
            </Button>
          </Flex>
        )
      }
    >
      {procedure && (
        <ServiceDetails procedure={procedure} addOnIds={addOnIds} onAddOnsChange={onAddOnsChange} />
      )}
    </ResponsiveDialog>
  );
}

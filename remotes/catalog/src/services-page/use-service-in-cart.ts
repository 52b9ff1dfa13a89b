import { cartTakesOnAdd } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import { $selectedProcedures, addToCart, emit, removeFromCart } from '@atrium/stores';
import { useCurrentMarketplace } from '../shared/use-catalog';
import { cartMovesMessage } from './cart-moves';

/** A procedure's or add-on's name, by id, in the marketplace's catalogue. */
function procedureName(procedures: readonly MarketplaceProcedure[], id: string): string {
  for (const procedure of procedures) {
    if (procedure.id === id) return procedure.name;
    const addOn = procedure.addOns.find((a) => a.id === id);
    if (addOn) return addOn.name;
  }
  return 'A service';
}

/**
 * The dialog's Add (or Update) and Remove: each puts the service, with the chosen add-ons, in the
 * cart or takes it out, then closes the dialog.
 */
export function useServiceInCart(
  procedure: MarketplaceProcedure | null,
  addOnIds: string[],
  onClose: () => void,
) {
  const { data: marketplace } = useCurrentMarketplace();

  const add = () => {
    if (!procedure) return;
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

  return { add, remove };
}

import { addToCart as addLine, type CartLine, removeFromCart as removeLine } from '@atrium/domain';
import { $selectedDateTime, $selectedProcedures } from '../client-values/stores';

function setCart(next: CartLine[]) {
  $selectedProcedures.set(next);
  // Changing the cart's procedures clears the chosen date and time (the slot was for them).
  $selectedDateTime.set(null);
}

/** Adds a procedure with its add-ons, replacing its line if it is already in the cart. */
export function addToCart(procedureId: string, addOnIds: readonly string[] = []) {
  setCart(addLine($selectedProcedures.get(), { id: procedureId, addOnIds: [...addOnIds] }));
}

/** Removes a procedure, and removes it as an add-on from every line. */
export function removeFromCart(procedureId: string) {
  const cart = $selectedProcedures.get();
  const next = removeLine(cart, procedureId);
  if (
    next.length !== cart.length ||
    next.some((line, i) => line.addOnIds.length !== cart[i]?.addOnIds.length)
  ) {
    setCart(next);
  }
}

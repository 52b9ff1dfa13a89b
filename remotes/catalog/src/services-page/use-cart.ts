import { isInCart } from '@atrium/domain';
import { $selectedProcedures } from '@atrium/stores';
import { useCallback, useSyncExternalStore } from 'react';

const subscribeToCart = (onChange: () => void) => $selectedProcedures.listen(onChange);

/**
 * Whether one service is in the cart. A component reading this re-renders only when that answer
 * changes, not on every change of the cart. The server renders with the values the browser starts
 * with (the stores hold them when hydration begins), so both snapshots read the store.
 */
export function useIsInCart(procedureId: string): boolean {
  const snapshot = useCallback(() => isInCart($selectedProcedures.get(), procedureId), [procedureId]);
  return useSyncExternalStore(subscribeToCart, snapshot, snapshot);
}

const cartSize = () => $selectedProcedures.get().length;

/** How many services the cart holds; re-renders only when that number changes. */
export function useCartSize(): number {
  return useSyncExternalStore(subscribeToCart, cartSize, cartSize);
}

const cartIsEmpty = () => $selectedProcedures.get().length === 0;

/** Whether the cart is empty; re-renders only when that changes. */
export function useCartIsEmpty(): boolean {
  return useSyncExternalStore(subscribeToCart, cartIsEmpty, cartIsEmpty);
}

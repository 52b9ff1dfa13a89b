import { isInCart } from '@atrium/domain';
import type { MarketplaceProcedure } from '@atrium/graphql-client';
import type { useNavigate, useSearchParams } from '@atrium/navigation';
import { $selectedProcedures, addToCart, type BookingLocation, removeFromCart } from '@atrium/stores';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { serviceSelectionQuery, withoutServiceSelection } from '../shared/booking-links';

interface Latest {
  location: BookingLocation | null;
  navigate: ReturnType<typeof useNavigate>;
  setParams: ReturnType<typeof useSearchParams>[1];
}

/**
 * What the list's buttons do: open a service's dialog (with its add-ons when it is in the cart), and
 * add or remove a service (a service with add-ons opens its dialog; with no location chosen yet, it
 * goes to set-location first). The callbacks never change, so neither the location nor the address
 * (a dialog opening or closing) re-renders the list; they read the latest values from a ref.
 */
export function useServiceToggles(current: Latest) {
  const latest = useRef(current);
  useLayoutEffect(() => {
    latest.current = current;
  });

  const openDialog = useCallback((procedure: MarketplaceProcedure) => {
    const inCartLine = $selectedProcedures.get().find((line) => line.id === procedure.id);
    latest.current.setParams((params) => {
      const next = withoutServiceSelection(params);
      next.set('procedure', procedure.id);
      if (inCartLine?.addOnIds.length) next.set('addons', inCartLine.addOnIds.join(','));
      return next;
    });
  }, []);

  const toggle = useCallback(
    (procedure: MarketplaceProcedure) => {
      if (isInCart($selectedProcedures.get(), procedure.id)) return removeFromCart(procedure.id);
      if (procedure.addOns.length > 0) return openDialog(procedure);
      if (!latest.current.location) {
        return latest.current.navigate(
          `../set-location${serviceSelectionQuery({ procedureId: procedure.id, addOnIds: [] })}`,
        );
      }
      addToCart(procedure.id);
    },
    [openDialog],
  );

  return { openDialog, toggle };
}

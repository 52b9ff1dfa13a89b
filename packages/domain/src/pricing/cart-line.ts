import { minPrice } from '../money/prices';

/** A service or add-on of the catalogue, as the browser has it. */
export interface CartItem {
  id: string;
  price: readonly number[];
  duration?: readonly number[] | null;
}

export interface CartLineTotal {
  cents: number;
  minutes: number;
}

const shortest = (durations: readonly number[] | null | undefined) =>
  durations && durations.length > 0 ? Math.min(...durations) : 0;

/**
 * A service with its chosen add-ons as checkout prices and books it: the lowest price and the
 * shortest duration of each, added (ids that are not add-ons of the service count nothing).
 */
export function cartLineTotal(
  service: CartItem,
  addOns: readonly CartItem[],
  chosenIds: readonly string[],
): CartLineTotal {
  const items = [service, ...addOns.filter((addOn) => chosenIds.includes(addOn.id))];
  return {
    cents: items.reduce((sum, item) => sum + (minPrice(item.price) ?? 0), 0),
    minutes: items.reduce((sum, item) => sum + shortest(item.duration), 0),
  };
}

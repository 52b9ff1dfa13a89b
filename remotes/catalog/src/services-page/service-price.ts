import { minPrice } from '@atrium/domain';

interface Priced {
  id: string;
  price: readonly number[];
}

/** The dialog's total: the lowest price of the service plus that of each chosen add-on. */
export function serviceTotal(
  procedure: Priced,
  addOns: readonly Priced[],
  chosenIds: readonly string[],
): number {
  const chosen = addOns.filter((addOn) => chosenIds.includes(addOn.id));
  return [procedure, ...chosen].reduce((sum, item) => sum + (minPrice(item.price) ?? 0), 0);
}

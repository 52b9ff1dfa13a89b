import type { CartTake } from '@atrium/domain';

/**
 * What the client is told when adding a service moved something in their cart (a procedure or
 * add-on is in the cart only once): one sentence per move, null when nothing moved.
 */
export function cartMovesMessage(
  added: string,
  takes: { moved: CartTake[]; removed: CartTake[] },
  nameOf: (id: string) => string,
): string | null {
  const sentences = [
    ...takes.moved.map(({ id, from }) => {
      if (id === from) return `${nameOf(id)} is now an add-on of ${nameOf(added)}.`;
      if (id === added) return `${nameOf(added)} is no longer an add-on of ${nameOf(from)}.`;
      return `${nameOf(id)} moved from ${nameOf(from)} to ${nameOf(added)}.`;
    }),
    ...takes.removed.map(({ id }) => `${nameOf(id)} was removed from your cart.`),
  ];
  return sentences.length > 0 ? sentences.join(' ') : null;
}

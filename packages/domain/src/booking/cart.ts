/** One cart line: a procedure and the add-ons chosen with it. */
export interface CartLine {
  id: string;
  addOnIds: string[];
}

/**
 * Adding a procedure already in the cart replaces its line (in place); a procedure or add-on
 * is in the cart only once, so the new line's add-ons leave any other line that held them.
 */
export function addToCart(cart: readonly CartLine[], line: CartLine): CartLine[] {
  const addOnIds = [...new Set(line.addOnIds)].filter((id) => id !== line.id);
  const taken = new Set([line.id, ...addOnIds]);
  const next: CartLine[] = [];
  let replaced = false;
  for (const existing of cart) {
    if (existing.id === line.id) {
      next.push({ id: line.id, addOnIds });
      replaced = true;
    } else if (!taken.has(existing.id)) {
      next.push({ id: existing.id, addOnIds: existing.addOnIds.filter((id) => !taken.has(id)) });
    }
  }
  if (!replaced) next.push({ id: line.id, addOnIds });
  return next;
}

/** Removing a procedure id removes its line and also removes it as an add-on elsewhere. */
export function removeFromCart(cart: readonly CartLine[], id: string): CartLine[] {
  return cart
    .filter((line) => line.id !== id)
    .map((line) =>
      line.addOnIds.includes(id) ? { ...line, addOnIds: line.addOnIds.filter((a) => a !== id) } : line,
    );
}

/** Whether a procedure has its own line in the cart (add-ons do not count). */
export function isInCart(cart: readonly CartLine[], id: string): boolean {
  return cart.some((line) => line.id === id);
}

/** Every procedure id the cart holds, add-ons included, each once (the booking payload's list). */
export function cartProcedureIds(cart: readonly CartLine[]): string[] {
  return [...new Set(cart.flatMap((line) => [line.id, ...line.addOnIds]))];
}

/** An id adding a line takes from another line of the cart, or drops with it. */
export interface CartTake {
  id: string;
  /** The line (its procedure id) that held it. */
  from: string;
}

/**
 * What adding `line` does to the cart's other lines (addToCart), so the client can be told:
 * `moved` are ids the new line now holds that another line held (an add-on of that line, or that
 * line's own procedure, which becomes an add-on); `removed` are add-ons of a line that became an
 * add-on, which leave the cart with it.
 */
export function cartTakesOnAdd(
  cart: readonly CartLine[],
  line: CartLine,
): { moved: CartTake[]; removed: CartTake[] } {
  const taken = new Set([line.id, ...line.addOnIds.filter((id) => id !== line.id)]);
  const moved: CartTake[] = [];
  const removed: CartTake[] = [];
  for (const existing of cart) {
    if (existing.id === line.id) continue;
    if (taken.has(existing.id)) {
      moved.push({ id: existing.id, from: existing.id });
      for (const id of existing.addOnIds) {
        if (!taken.has(id)) removed.push({ id, from: existing.id });
      }
    }
    for (const id of existing.addOnIds) {
      if (taken.has(id)) moved.push({ id, from: existing.id });
    }
  }
  return { moved, removed };
}

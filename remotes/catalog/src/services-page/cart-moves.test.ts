import { cartTakesOnAdd } from '@atrium/domain';
import { describe, expect, it } from 'vitest';
import { cartMovesMessage } from './cart-moves';

const names: Record<string, string> = {
  drip: 'Hydration Drip',
  shot: 'B12 Shot',
  boost: 'Vitamin C Boost',
  zinc: 'Zinc Boost',
};
const nameOf = (id: string) => names[id] ?? id;

describe('cartMovesMessage', () => {
  it('says nothing when adding moved nothing', () => {
    const takes = cartTakesOnAdd([{ id: 'drip', addOnIds: ['boost'] }], { id: 'shot', addOnIds: [] });
    expect(cartMovesMessage('shot', takes, nameOf)).toBeNull();
  });

  it("says an add-on moved from another service's line", () => {
    const takes = cartTakesOnAdd([{ id: 'drip', addOnIds: ['boost'] }], { id: 'shot', addOnIds: ['boost'] });
    expect(cartMovesMessage('shot', takes, nameOf)).toBe(
      'Vitamin C Boost moved from Hydration Drip to B12 Shot.',
    );
  });

  it('says a service became an add-on, and what left the cart with it', () => {
    const takes = cartTakesOnAdd([{ id: 'shot', addOnIds: ['zinc'] }], { id: 'drip', addOnIds: ['shot'] });
    expect(cartMovesMessage('drip', takes, nameOf)).toBe(
      'B12 Shot is now an add-on of Hydration Drip. Zinc Boost was removed from your cart.',
    );
  });

  it('says an add-on became a service of its own', () => {
    const takes = cartTakesOnAdd([{ id: 'drip', addOnIds: ['shot'] }], { id: 'shot', addOnIds: [] });
    expect(cartMovesMessage('shot', takes, nameOf)).toBe(
      'B12 Shot is no longer an add-on of Hydration Drip.',
    );
  });

  it('says nothing when a line is only replaced by itself with other add-ons', () => {
    const takes = cartTakesOnAdd([{ id: 'drip', addOnIds: ['boost'] }], { id: 'drip', addOnIds: ['zinc'] });
    expect(cartMovesMessage('drip', takes, nameOf)).toBeNull();
  });
});

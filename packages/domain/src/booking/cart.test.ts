import { describe, expect, it } from 'vitest';
import { addToCart, cartProcedureIds, cartTakesOnAdd, isInCart, removeFromCart } from './cart';

describe('addToCart', () => {
  it('appends a new procedure with its add-ons', () => {
    expect(addToCart([{ id: '1', addOnIds: [] }], { id: '2', addOnIds: ['10'] })).toEqual([
      { id: '1', addOnIds: [] },
      { id: '2', addOnIds: ['10'] },
    ]);
  });

  it('replaces the line of a procedure already in the cart, keeping its place', () => {
    const cart = [
      { id: '1', addOnIds: ['10'] },
      { id: '2', addOnIds: [] },
    ];
    expect(addToCart(cart, { id: '1', addOnIds: ['11', '12'] })).toEqual([
      { id: '1', addOnIds: ['11', '12'] },
      { id: '2', addOnIds: [] },
    ]);
  });

  it('keeps an add-on in the cart only once: the new line takes it from another line', () => {
    const cart = [{ id: '1', addOnIds: ['10', '11'] }];
    expect(addToCart(cart, { id: '2', addOnIds: ['10'] })).toEqual([
      { id: '1', addOnIds: ['11'] },
      { id: '2', addOnIds: ['10'] },
    ]);
  });

  it('drops repeated add-on ids and the procedure itself from its own add-ons', () => {
    expect(addToCart([], { id: '1', addOnIds: ['10', '10', '1'] })).toEqual([{ id: '1', addOnIds: ['10'] }]);
  });

  it('does not change the cart it was given', () => {
    const cart = [{ id: '1', addOnIds: ['10'] }];
    addToCart(cart, { id: '2', addOnIds: ['10'] });
    expect(cart).toEqual([{ id: '1', addOnIds: ['10'] }]);
  });
});

describe('removeFromCart', () => {
  it('removes the procedure line', () => {
    expect(
      removeFromCart(
        [
          { id: '1', addOnIds: [] },
          { id: '2', addOnIds: [] },
        ],
        '1',
      ),
    ).toEqual([{ id: '2', addOnIds: [] }]);
  });

  it('also removes the id where it is an add-on', () => {
    expect(removeFromCart([{ id: '1', addOnIds: ['10', '11'] }], '10')).toEqual([
      { id: '1', addOnIds: ['11'] },
    ]);
  });

  it('leaves the cart as it is for an id it does not hold', () => {
    const cart = [{ id: '1', addOnIds: ['10'] }];
    expect(removeFromCart(cart, '99')).toEqual(cart);
  });
});

describe('isInCart and cartProcedureIds', () => {
  const cart = [
    { id: '1', addOnIds: ['10'] },
    { id: '2', addOnIds: ['11'] },
  ];

  it('counts only procedure lines as in the cart', () => {
    expect(isInCart(cart, '1')).toBe(true);
    expect(isInCart(cart, '10')).toBe(false);
  });

  it('lists every procedure and add-on id once', () => {
    expect(cartProcedureIds(cart)).toEqual(['1', '10', '2', '11']);
  });
});

describe('cartTakesOnAdd', () => {
  it('names what the new line takes from other lines, and what leaves with a line that became an add-on', () => {
    const cart = [
      { id: 'drip', addOnIds: ['boost'] },
      { id: 'shot', addOnIds: ['zinc'] },
    ];
    expect(cartTakesOnAdd(cart, { id: 'facial', addOnIds: ['boost', 'shot'] })).toEqual({
      moved: [
        { id: 'boost', from: 'drip' },
        { id: 'shot', from: 'shot' },
      ],
      removed: [{ id: 'zinc', from: 'shot' }],
    });
  });

  it('takes nothing when the line only replaces itself or adds what no other line holds', () => {
    const cart = [{ id: 'drip', addOnIds: ['boost'] }];
    expect(cartTakesOnAdd(cart, { id: 'drip', addOnIds: ['zinc'] })).toEqual({ moved: [], removed: [] });
    expect(cartTakesOnAdd(cart, { id: 'shot', addOnIds: ['zinc'] })).toEqual({ moved: [], removed: [] });
  });
});

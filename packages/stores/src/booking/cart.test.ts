import { beforeEach, describe, expect, it } from 'vitest';
import { $selectedDateTime, $selectedProcedures } from '../client-values/stores';
import { addToCart, removeFromCart } from './cart';

describe('cart actions', () => {
  beforeEach(() => {
    $selectedProcedures.set([]);
    $selectedDateTime.set({ date: '2026-12-01', time: '10:00' });
  });

  it('adding a procedure stores the line and clears the chosen date and time', () => {
    addToCart('1', ['10']);
    expect($selectedProcedures.get()).toEqual([{ id: '1', addOnIds: ['10'] }]);
    expect($selectedDateTime.get()).toBeNull();
  });

  it('removing a procedure also removes it as an add-on and clears the date and time', () => {
    $selectedProcedures.set([{ id: '1', addOnIds: ['10'] }]);
    removeFromCart('10');
    expect($selectedProcedures.get()).toEqual([{ id: '1', addOnIds: [] }]);
    expect($selectedDateTime.get()).toBeNull();
  });

  it('removing an id the cart does not hold keeps the date and time', () => {
    $selectedProcedures.set([{ id: '1', addOnIds: [] }]);
    removeFromCart('99');
    expect($selectedDateTime.get()).toEqual({ date: '2026-12-01', time: '10:00' });
  });
});

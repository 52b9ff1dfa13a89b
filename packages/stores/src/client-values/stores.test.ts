import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetClientValues } from './reset';
import {
  $accountTab,
  $marketplaceId,
  $selectedDateTime,
  $selectedProcedures,
  $selectedWaitlist,
  $step,
  CLIENT_KEPT_KEYS,
  CLIENT_KEPT_VALUES,
} from './stores';

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

describe('client-kept values', () => {
  it('lists every spec key, in spec order', () => {
    expect(CLIENT_KEPT_KEYS).toEqual([
      'toast',
      'user-auth-error',
      'alert-verify-phone',
      'alert-verify-email',
      'pass-code-token',
      'marketplace-id',
      'mg-id',
      'selected-location',
      'location-type',
      'selected-procedures',
      'selected-date-time',
      'selected-waitlist',
      'step',
      'account-tab',
      'user',
      'user-email',
      'checkout-notes',
      'checkout-notes-expanded',
      'applied-promo',
      'previous-page',
      'autocomplete-token',
    ]);
  });

  it('stores each value under its own key', () => {
    expect(CLIENT_KEPT_VALUES.map(({ key }) => key)).toEqual([...CLIENT_KEPT_KEYS]);
  });

  it('writes the cart to localStorage as JSON under selected-procedures', () => {
    $selectedProcedures.set([{ id: '3', addOnIds: ['8', '9'] }]);
    expect(localStorage.getItem('selected-procedures')).toBe('[{"id":"3","addOnIds":["8","9"]}]');
  });

  it('writes the chosen slot under selected-date-time', () => {
    $selectedDateTime.set({ date: '2025-03-09', time: '09:30' });
    expect(localStorage.getItem('selected-date-time')).toBe('{"date":"2025-03-09","time":"09:30"}');
  });

  it('removes the key when a value returns to its default', () => {
    $accountTab.set('wallet');
    $accountTab.set('profile');
    expect(localStorage.getItem('account-tab')).toBeNull();
  });

  it('resets every store to its default', () => {
    $step.set('confirm');
    $selectedWaitlist.set([{ date: '2025-03-10', timesOfDay: ['morning'] }]);
    resetClientValues();
    expect([$step.get(), $selectedWaitlist.get(), localStorage.length]).toEqual(['services', [], 0]);
  });

  it('picks up a value another tab wrote (storage event)', () => {
    const seen: unknown[] = [];
    const unbind = $marketplaceId.listen((value) => seen.push(value));
    localStorage.setItem('marketplace-id', '"42"');
    window.dispatchEvent(new StorageEvent('storage', { key: 'marketplace-id', newValue: '"42"' }));
    unbind();
    expect(seen).toEqual(['42']);
  });
});

describe('reading stored values at start-up', () => {
  it('restores well-shaped values', async () => {
    localStorage.setItem('selected-procedures', '[{"id":"5","addOnIds":[]}]');
    localStorage.setItem('account-tab', '"appointments"');
    vi.resetModules();
    const fresh = await import('./stores');
    expect([fresh.$selectedProcedures.get(), fresh.$accountTab.get()]).toEqual([
      [{ id: '5', addOnIds: [] }],
      'appointments',
    ]);
  });

  it('falls back to defaults for corrupt or wrongly-shaped values without throwing', async () => {
    localStorage.setItem('selected-procedures', '{oops');
    localStorage.setItem('selected-date-time', '{"date":"tomorrow","time":"9"}');
    localStorage.setItem('account-tab', '"settings"');
    localStorage.setItem('marketplace-id', '42');
    localStorage.setItem('selected-location', '{"address":"5 Elm St"}');
    vi.resetModules();
    const fresh = await import('./stores');
    expect([
      fresh.$selectedProcedures.get(),
      fresh.$selectedDateTime.get(),
      fresh.$accountTab.get(),
      fresh.$marketplaceId.get(),
      fresh.$selectedLocation.get(),
    ]).toEqual([[], null, 'profile', null, null]);
  });
});

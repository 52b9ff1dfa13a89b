import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientValues } from '../client-values/reset';
import { $marketplaceId, $selectedProcedures, $step } from '../client-values/stores';
import { marketplaceIdStorage, syncMarketplaceId } from './sync-marketplace-id';

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

describe('syncMarketplaceId (marketplace id from the first numeric path segment)', () => {
  it('clears all of localStorage, resets every store, then stores a different id', () => {
    $marketplaceId.set('1');
    $selectedProcedures.set([{ id: '3', addOnIds: [] }]);
    $step.set('schedule');
    localStorage.setItem('REACT_QUERY_OFFLINE_CACHE', '{}');

    const cleared = syncMarketplaceId('/2/services');

    expect(cleared).toBe(true);
    expect([$marketplaceId.get(), $selectedProcedures.get(), $step.get()]).toEqual(['2', [], 'services']);
    expect({ ...localStorage }).toEqual({ 'marketplace-id': '"2"' });
  });

  it('clears nothing when the id is the stored one', () => {
    $marketplaceId.set('2');
    $selectedProcedures.set([{ id: '3', addOnIds: [] }]);
    localStorage.setItem('other-key', 'kept');

    expect(syncMarketplaceId('/2/schedule')).toBe(false);
    expect([$selectedProcedures.get(), localStorage.getItem('other-key')]).toEqual([
      [{ id: '3', addOnIds: [] }],
      'kept',
    ]);
  });

  it('clears leftovers and stores the id on a first visit with nothing stored', () => {
    localStorage.setItem('other-key', 'stale');

    expect(syncMarketplaceId('/7')).toBe(true);
    expect({ ...localStorage }).toEqual({ 'marketplace-id': '"7"' });
  });

  it('leaves everything alone on a path without a numeric first segment', () => {
    $marketplaceId.set('2');
    $step.set('confirm');

    expect(syncMarketplaceId('/confirm-email')).toBe(false);
    expect([$marketplaceId.get(), $step.get()]).toEqual(['2', 'confirm']);
  });
});

describe('marketplaceIdStorage (for the page-start script of a page sent by the server)', () => {
  it('is the key and the encoded value the stores keep', () => {
    $marketplaceId.set('3');
    expect(marketplaceIdStorage('3')).toEqual({
      key: 'marketplace-id',
      value: localStorage.getItem('marketplace-id'),
    });
    expect(marketplaceIdStorage('12')).toEqual({ key: 'marketplace-id', value: '"12"' });
  });
});

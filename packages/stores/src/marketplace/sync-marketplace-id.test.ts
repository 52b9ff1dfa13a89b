import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientValues } from '../client-values/reset';
import { $marketplaceId, $selectedProcedures, $step } from '../client-values/stores';
import { syncMarketplaceId, syncMarketplaceIdScript } from './sync-marketplace-id';

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

describe('syncMarketplaceId (spec 2: marketplace id from the first numeric path segment)', () => {
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

describe('syncMarketplaceIdScript (the same rule, inlined at the top of a page)', () => {
  const run = (id: string) => new Function(syncMarketplaceIdScript(id))();

  it('clears local storage and stores the id when another marketplace was stored', () => {
    localStorage.setItem('marketplace-id', '"1"');
    localStorage.setItem('selected-procedures', '[{"id":"7","addOnIds":[]}]');
    run('3');
    expect({ ...localStorage }).toEqual({ 'marketplace-id': '"3"' });
  });

  it('leaves local storage alone for the stored marketplace, keyed and encoded as the stores keep it', () => {
    $marketplaceId.set('3');
    localStorage.setItem('selected-procedures', '[{"id":"7","addOnIds":[]}]');
    run('3');
    expect({ ...localStorage }).toEqual({
      'marketplace-id': '"3"',
      'selected-procedures': '[{"id":"7","addOnIds":[]}]',
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { resetClientValues } from './reset';
import { restoreClientValues, sameClientValues, snapshotClientValues } from './snapshot';
import { $accountTab, $marketplaceId, $selectedLocation, $selectedProcedures, $user } from './stores';

const clinic = { organizationId: '101', name: 'Midtown', address: '1 Main St', phone: '+12125550100' };

beforeEach(() => {
  localStorage.clear();
  resetClientValues();
});

describe('client-value snapshots (what a server-rendered page shows)', () => {
  it('holds the values pages render from, as storage keeps them, defaults left out', () => {
    $marketplaceId.set('1');
    $selectedLocation.set(clinic);
    $selectedProcedures.set([{ id: '1006', addOnIds: [] }]);
    $accountTab.set('wallet');
    expect(snapshotClientValues()).toEqual({
      'marketplace-id': '"1"',
      'selected-location': JSON.stringify(clinic),
      'selected-procedures': '[{"id":"1006","addOnIds":[]}]',
    });
  });

  it('restores values from a snapshot, and the defaults for keys it lacks', () => {
    $user.set({
      id: 'u1',
      email: 'a@b.example',
      givenName: null,
      familyName: null,
      emailConfirmed: true,
      phoneConfirmed: false,
    });
    restoreClientValues({ 'marketplace-id': '"2"', 'selected-procedures': '[{"id":"7","addOnIds":["9"]}]' });
    expect($marketplaceId.get()).toBe('2');
    expect($selectedProcedures.get()).toEqual([{ id: '7', addOnIds: ['9'] }]);
    expect($user.get()).toBeNull();
    expect($selectedLocation.get()).toBeNull();
  });

  it('restores an invalid value from an untrusted snapshot as the default', () => {
    restoreClientValues({ 'selected-location': '{"organizationId":42}', 'selected-procedures': 'nope' });
    expect($selectedLocation.get()).toBeNull();
    expect($selectedProcedures.get()).toEqual([]);
  });

  it('tells equal snapshots from different ones', () => {
    expect(sameClientValues({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameClientValues({ a: '1' }, { a: '1', b: '2' })).toBe(false);
    expect(sameClientValues({ a: '1' }, { a: '2' })).toBe(false);
  });
});

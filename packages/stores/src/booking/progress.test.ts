import { beforeEach, describe, expect, it } from 'vitest';
import {
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
} from '../client-values/stores';
import { $canCheckout, $reachableSteps } from './progress';

describe('progress stores', () => {
  beforeEach(() => {
    $selectedLocation.set(null);
    $selectedProcedures.set([]);
    $selectedDateTime.set(null);
    $selectedWaitlist.set([]);
  });

  it('follow the stored booking', () => {
    expect($reachableSteps.get()).toEqual({ services: true, schedule: false, confirm: false });
    expect($canCheckout.get()).toBe(false);
    $selectedLocation.set({ organizationId: '11', name: 'M', address: 'a', phone: 'p' });
    $selectedProcedures.set([{ id: '1', addOnIds: [] }]);
    expect($reachableSteps.get()).toEqual({ services: true, schedule: true, confirm: false });
    $selectedDateTime.set({ date: '2026-12-01', time: '09:00' });
    expect($reachableSteps.get().confirm).toBe(true);
    expect($canCheckout.get()).toBe(true);
  });
});

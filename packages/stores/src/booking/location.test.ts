import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  $locationType,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
} from '../client-values/stores';
import { on } from '../events/app-events';
import { changeLocation, clearLocation, reconcileLocation } from './location';

const manhattan = { organizationId: '11', name: 'Manhattan', address: '1 Main St', phone: '+12125550100' };
const chicago = { organizationId: '12', name: 'Chicago', address: '2 Lake St', phone: '+13125550100' };
const home = { address: '350 5th Ave, New York, NY 10118', latitude: 40.7484, longitude: -73.9857 };

describe('location rules', () => {
  let changedEvents = 0;
  let unsubscribe: () => void;

  beforeEach(() => {
    changedEvents = 0;
    unsubscribe = on('location-changed', () => {
      changedEvents += 1;
    });
    $selectedLocation.set(manhattan);
    $selectedProcedures.set([{ id: '1', addOnIds: ['10'] }]);
    $selectedDateTime.set({ date: '2026-12-01', time: '10:00' });
    $selectedWaitlist.set([{ date: '2026-12-02', timesOfDay: ['morning'] }]);
  });
  afterEach(() => unsubscribe());

  it('changing the location clears the cart, date and time and waitlist and announces it', () => {
    changeLocation(chicago);
    expect($selectedLocation.get()).toEqual(chicago);
    expect($selectedProcedures.get()).toEqual([]);
    expect($selectedDateTime.get()).toBeNull();
    expect($selectedWaitlist.get()).toEqual([]);
    expect(changedEvents).toBe(1);
  });

  it('choosing the same clinic again keeps everything', () => {
    changeLocation({ ...manhattan });
    expect($selectedProcedures.get()).toHaveLength(1);
    expect(changedEvents).toBe(0);
  });

  it('does not announce a change when the cart was already empty', () => {
    $selectedProcedures.set([]);
    changeLocation(home);
    expect($locationType.get()).toBe('mobile');
    expect(changedEvents).toBe(0);
  });

  it('skip for now clears the location', () => {
    clearLocation();
    expect($selectedLocation.get()).toBeNull();
  });

  it('selects the only clinic of a marketplace without at-home service', () => {
    $selectedLocation.set(null);
    reconcileLocation({
      providesAtHome: false,
      clinicOrganizations: [{ id: '31', name: 'Denver', address: 'x', phone: 'y' }],
    });
    expect($selectedLocation.get()).toEqual({
      organizationId: '31',
      name: 'Denver',
      address: 'x',
      phone: 'y',
    });
    expect($locationType.get()).toBe('clinic');
  });

  it('does not auto-select the only clinic when at-home service is offered too', () => {
    $selectedLocation.set(null);
    reconcileLocation({
      providesAtHome: true,
      clinicOrganizations: [{ id: '31', name: 'Denver', address: 'x', phone: 'y' }],
    });
    expect($selectedLocation.get()).toBeNull();
  });

  it('clears a stored clinic the marketplace no longer offers', () => {
    reconcileLocation({ providesAtHome: true, clinicOrganizations: [{ ...chicago, id: '12' }] });
    expect($selectedLocation.get()).toBeNull();
    expect($selectedProcedures.get()).toEqual([]);
  });

  it('keeps a stored clinic that is still offered', () => {
    reconcileLocation({
      providesAtHome: true,
      clinicOrganizations: [{ id: '11', name: 'Manhattan', address: '1 Main St', phone: 'p' }],
    });
    expect($selectedLocation.get()).toEqual(manhattan);
  });
});

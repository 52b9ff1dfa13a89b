import { describe, expect, it } from 'vitest';
import {
  $accountTab,
  $appliedPromo,
  $checkoutNotes,
  $checkoutNotesExpanded,
  $selectedDateTime,
  $selectedLocation,
  $selectedProcedures,
  $selectedWaitlist,
  $step,
} from '../client-values/stores';
import { completeBooking } from './complete-booking';

describe('completeBooking', () => {
  it('clears the booking, opens appointments, and keeps the location', () => {
    const clinic = { organizationId: '101', name: 'M', address: 'a', phone: 'p' };
    $selectedLocation.set(clinic);
    $step.set('confirm');
    $selectedProcedures.set([{ id: '1', addOnIds: [] }]);
    $selectedDateTime.set({ date: '2026-12-01', time: '10:00' });
    $selectedWaitlist.set([{ date: '2026-12-02', timesOfDay: ['morning'] }]);
    $checkoutNotes.set({ '1': 'None' });
    $checkoutNotesExpanded.set(true);
    $appliedPromo.set({ code: 'WELCOME15', discountAmount: 300 });

    completeBooking();

    expect($step.get()).toBe('services');
    expect($selectedProcedures.get()).toEqual([]);
    expect($selectedDateTime.get()).toBeNull();
    expect($selectedWaitlist.get()).toEqual([]);
    expect($accountTab.get()).toBe('appointments');
    expect($checkoutNotes.get()).toEqual({});
    expect($checkoutNotesExpanded.get()).toBe(false);
    expect($appliedPromo.get()).toBeNull();
    expect($selectedLocation.get()).toEqual(clinic);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { $selectedDateTime, $selectedProcedures, $selectedWaitlist } from '../client-values/stores';
import { $resumeStep } from './resume';

describe('$resumeStep', () => {
  beforeEach(() => {
    $selectedProcedures.set([]);
    $selectedDateTime.set(null);
    $selectedWaitlist.set([]);
  });

  it('follows the stored cart, date and time, and waitlist', () => {
    expect($resumeStep.get()).toBe('services');
    $selectedProcedures.set([{ id: '11', addOnIds: [] }]);
    expect($resumeStep.get()).toBe('schedule');
    $selectedWaitlist.set([{ date: '2026-12-01', timesOfDay: ['morning'] }]);
    expect($resumeStep.get()).toBe('confirm');
    $selectedWaitlist.set([]);
    $selectedDateTime.set({ date: '2026-12-01', time: '09:30' });
    expect($resumeStep.get()).toBe('confirm');
  });
});

import { describe, expect, it } from 'vitest';
import { STAFF_OPERATIONS, STAFF_ROLES, staffMay, staffScope } from './permissions';

describe('staffPermissions', () => {
  it('gives the owner every operation on the whole marketplace', () => {
    for (const operation of STAFF_OPERATIONS) expect(staffScope('owner', operation)).toBe('marketplace');
  });

  it("gives the front desk the marketplace's requests (refunds, no-shows and bookings for clients too), waitlist, clients and team hours, but not the tenant's versions or its setup", () => {
    expect(STAFF_OPERATIONS.filter((operation) => staffMay('front_desk', operation))).toEqual([
      'viewRequests',
      'confirmAppointment',
      'declineAppointment',
      'completeAppointment',
      'cancelAppointment',
      'refundPayment',
      'markNoShow',
      'rescheduleAppointment',
      'recordOutsideVisits',
      'createBooking',
      'viewWaitlist',
      'offerWaitlistSlot',
      'viewClients',
      'editWorkingHours',
      'editTimeOff',
      'followNewRequests',
    ]);
    for (const operation of STAFF_OPERATIONS.filter((operation) => staffMay('front_desk', operation))) {
      expect(staffScope('front_desk', operation)).toBe('marketplace');
    }
  });

  it('lets a practitioner only read their own appointments and set their own time off', () => {
    expect(STAFF_OPERATIONS.filter((operation) => staffMay('practitioner', operation))).toEqual([
      'viewRequests',
      'editTimeOff',
      'followNewRequests',
    ]);
    expect(staffScope('practitioner', 'viewRequests')).toBe('own');
    expect(staffScope('practitioner', 'editTimeOff')).toBe('own');
    // Told of (and counting) only the requests assigned to them.
    expect(staffScope('practitioner', 'followNewRequests')).toBe('own');
  });

  it('covers every role', () => {
    expect(STAFF_ROLES.every((role) => staffMay(role, 'viewRequests'))).toBe(true);
  });
});

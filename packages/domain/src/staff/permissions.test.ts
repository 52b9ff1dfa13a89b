import { describe, expect, it } from 'vitest';
import { STAFF_OPERATIONS, STAFF_ROLES, staffMay, staffScope } from './permissions';

describe('staffPermissions (issue 19)', () => {
  it('gives the owner and the front desk every operation on the whole marketplace', () => {
    for (const role of ['owner', 'front_desk'] as const) {
      for (const operation of STAFF_OPERATIONS) expect(staffScope(role, operation)).toBe('marketplace');
    }
  });

  it('lets a practitioner only read their own appointments', () => {
    expect(STAFF_OPERATIONS.filter((operation) => staffMay('practitioner', operation))).toEqual([
      'viewRequests',
    ]);
    expect(staffScope('practitioner', 'viewRequests')).toBe('own');
  });

  it('covers every role', () => {
    expect(STAFF_ROLES.every((role) => staffMay(role, 'viewRequests'))).toBe(true);
  });
});

// Who on a marketplace's staff may do what: the one permission matrix, enforced by the API
// and read by the console to show only what a role may use.

export const STAFF_ROLES = ['owner', 'front_desk', 'practitioner'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every staff operation the API offers, by what it does. */
export const STAFF_OPERATIONS = [
  'viewRequests',
  'confirmAppointment',
  'declineAppointment',
  'completeAppointment',
  'cancelAppointment',
  'viewWaitlist',
  'offerWaitlistSlot',
  'viewClients',
  // Tenant versions: which release of each remote the marketplace's clients get.
  'viewRemoteVersions',
  'setRemoteOverride',
  'rollbackRemoteOverride',
  'clearRemoteOverride',
  'previewRemoteVersion',
] as const;
export type StaffOperation = (typeof STAFF_OPERATIONS)[number];

/** How far a permission reaches: the whole marketplace, only the member's own appointments, or nothing. */
export type StaffScope = 'marketplace' | 'own' | 'none';

const tenantVersions = (scope: StaffScope) => ({
  viewRemoteVersions: scope,
  setRemoteOverride: scope,
  rollbackRemoteOverride: scope,
  clearRemoteOverride: scope,
  previewRemoteVersion: scope,
});

/**
 * The matrix: owner everything; front desk runs requests, the waitlist and clients; a practitioner
 * only reads their own appointments. Only the owner chooses the versions of the app their clients get.
 */
export const staffPermissions: Readonly<Record<StaffRole, Readonly<Record<StaffOperation, StaffScope>>>> = {
  owner: {
    viewRequests: 'marketplace',
    confirmAppointment: 'marketplace',
    declineAppointment: 'marketplace',
    completeAppointment: 'marketplace',
    cancelAppointment: 'marketplace',
    viewWaitlist: 'marketplace',
    offerWaitlistSlot: 'marketplace',
    viewClients: 'marketplace',
    ...tenantVersions('marketplace'),
  },
  front_desk: {
    viewRequests: 'marketplace',
    confirmAppointment: 'marketplace',
    declineAppointment: 'marketplace',
    completeAppointment: 'marketplace',
    cancelAppointment: 'marketplace',
    viewWaitlist: 'marketplace',
    offerWaitlistSlot: 'marketplace',
    viewClients: 'marketplace',
    ...tenantVersions('none'),
  },
  practitioner: {
    viewRequests: 'own',
    confirmAppointment: 'none',
    declineAppointment: 'none',
    completeAppointment: 'none',
    cancelAppointment: 'none',
    viewWaitlist: 'none',
    offerWaitlistSlot: 'none',
    viewClients: 'none',
    ...tenantVersions('none'),
  },
};

/** How far a role's permission for an operation reaches. */
export function staffScope(role: StaffRole, operation: StaffOperation): StaffScope {
  return staffPermissions[role][operation];
}

/** Whether a role may perform an operation at all (on some appointments). */
export function staffMay(role: StaffRole, operation: StaffOperation): boolean {
  return staffScope(role, operation) !== 'none';
}

/** A role as the console names it to people. */
export const staffRoleLabels: Readonly<Record<StaffRole, string>> = {
  owner: 'Owner',
  front_desk: 'Front desk',
  practitioner: 'Practitioner',
};

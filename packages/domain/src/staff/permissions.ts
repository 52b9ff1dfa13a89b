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
  'refundPayment',
  'markNoShow',
  'rescheduleAppointment',
  // Visits booked outside Atrium: entering and removing time a practitioner owes elsewhere.
  'recordOutsideVisits',
  // Booking on a client's behalf (a phone-in client): the same booking a client makes themselves.
  'createBooking',
  'viewWaitlist',
  'offerWaitlistSlot',
  'viewClients',
  // Tenant versions: which release of each remote the marketplace's clients get.
  'viewRemoteVersions',
  'setRemoteOverride',
  'rollbackRemoteOverride',
  'clearRemoteOverride',
  'previewRemoteVersion',
  // Setting the marketplace up and keeping its offer current.
  'viewSetup',
  'makeMarketplaceLive',
  'editCatalogue',
  'editSettings',
  'editOffers',
  'editPractitioners',
  'editStaffMembers',
  'editWorkingHours',
  'editTimeOff',
  'viewActivityLog',
  // The owner's reports: bookings, money and utilisation over a period, and their CSV exports.
  'viewReports',
  // Hearing of new requests: the unread count, marking them seen and the member's own mails about them.
  'followNewRequests',
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

const administration = (scope: StaffScope, team: { workingHours: StaffScope; timeOff: StaffScope }) => ({
  viewSetup: scope,
  makeMarketplaceLive: scope,
  editCatalogue: scope,
  editSettings: scope,
  editOffers: scope,
  editPractitioners: scope,
  editStaffMembers: scope,
  viewActivityLog: scope,
  viewReports: scope,
  editWorkingHours: team.workingHours,
  editTimeOff: team.timeOff,
});

/**
 * The matrix: owner everything; front desk runs requests (booking for clients too), the waitlist and
 * clients; a practitioner only reads their own appointments and sets their own time off. Only the
 * owner chooses the versions of the app their clients get, sets the marketplace up and reads its
 * reports; the front desk also keeps the team's hours and time off.
 */
export const staffPermissions: Readonly<Record<StaffRole, Readonly<Record<StaffOperation, StaffScope>>>> = {
  owner: {
    viewRequests: 'marketplace',
    confirmAppointment: 'marketplace',
    declineAppointment: 'marketplace',
    completeAppointment: 'marketplace',
    cancelAppointment: 'marketplace',
    refundPayment: 'marketplace',
    markNoShow: 'marketplace',
    rescheduleAppointment: 'marketplace',
    recordOutsideVisits: 'marketplace',
    createBooking: 'marketplace',
    viewWaitlist: 'marketplace',
    offerWaitlistSlot: 'marketplace',
    viewClients: 'marketplace',
    ...tenantVersions('marketplace'),
    ...administration('marketplace', { workingHours: 'marketplace', timeOff: 'marketplace' }),
    followNewRequests: 'marketplace',
  },
  front_desk: {
    viewRequests: 'marketplace',
    confirmAppointment: 'marketplace',
    declineAppointment: 'marketplace',
    completeAppointment: 'marketplace',
    cancelAppointment: 'marketplace',
    refundPayment: 'marketplace',
    markNoShow: 'marketplace',
    rescheduleAppointment: 'marketplace',
    recordOutsideVisits: 'marketplace',
    createBooking: 'marketplace',
    viewWaitlist: 'marketplace',
    offerWaitlistSlot: 'marketplace',
    viewClients: 'marketplace',
    ...tenantVersions('none'),
    ...administration('none', { workingHours: 'marketplace', timeOff: 'marketplace' }),
    followNewRequests: 'marketplace',
  },
  practitioner: {
    viewRequests: 'own',
    confirmAppointment: 'none',
    declineAppointment: 'none',
    completeAppointment: 'none',
    cancelAppointment: 'none',
    refundPayment: 'none',
    markNoShow: 'none',
    rescheduleAppointment: 'none',
    recordOutsideVisits: 'none',
    createBooking: 'none',
    viewWaitlist: 'none',
    offerWaitlistSlot: 'none',
    viewClients: 'none',
    ...tenantVersions('none'),
    ...administration('none', { workingHours: 'none', timeOff: 'own' }),
    followNewRequests: 'own',
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

// The staff context's public entry: what other contexts, the composition root and tests use of it.
export { requireStaff, type StaffAccess, type StaffContext, type SystemActor, systemContext } from './access';
export {
  createAddOn,
  createCategory,
  createService,
  updateAddOn,
  updateCategory,
  updateService,
} from './catalogue-admin/catalogue-changes';
export { readCatalogue } from './catalogue-admin/catalogue-view';
export { changeAsStaff, recordChange, type StaffChange, type StaffChangeRecord } from './changes';
export {
  createMediaStorage,
  defaultMediaConfig,
  loadMediaConfig,
  type MediaConfig,
  type MediaStorage,
  useMedia,
} from './media';
export { staffCreateMembershipDefinition, staffUpdateMembershipDefinition } from './offers/memberships';
export { staffCreatePackage, staffUpdatePackage } from './offers/packages';
export { staffCreatePromoCode, staffUpdatePromoCode } from './offers/promo-codes';
export { addOutsideVisit, OutsideVisitTakenError, removeOutsideVisit } from './outside-visits/outside-visits';
export { notifyStaffOfNewRequest, type RequestNoticePorts } from './request-notices/notify-staff';
export type { StaffRequestView } from './requests';
export { readSettings } from './settings/settings';
export {
  createCheckoutNote,
  createClinic,
  removeCheckoutNote,
  updateCheckoutNote,
  updateClinic,
  updateMarketplaceDetails,
  updatePaymentSettings,
  updateSchedulingRules,
  updateServiceArea,
} from './settings/settings-changes';
export { marketplaceSetup } from './setup/checklist';
export { createMarketplace } from './setup/create-marketplace';
export { makeMarketplaceLive, markPaymentSettingsReviewed } from './setup/going-live';
export { activityLog, remotePreviews, staffMembers } from './tables';
export { changeMemberRole, inviteMember } from './team/members';
export { restorePractitioner, savePractitioner } from './team/practitioners';
export type { TeamContext } from './team/team-context';
export { practitionerTimeZone } from './team/team-read';
export { addTimeOff, removeTimeOff } from './team/time-off';
export { setWorkingHours } from './team/working-hours';

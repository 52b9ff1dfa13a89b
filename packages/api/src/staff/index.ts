// The staff context's public entry: what other contexts, the composition root and tests use of it.
export { requireStaff, type StaffAccess, type StaffContext } from './access';
export { changeAsStaff, recordChange, type StaffChange, type StaffChangeRecord } from './changes';
export {
  createMediaStorage,
  defaultMediaConfig,
  loadMediaConfig,
  type MediaConfig,
  type MediaStorage,
  useMedia,
} from './media';
export { notifyStaffOfNewRequest, type RequestNoticePorts } from './request-notices/notify-staff';
export type { StaffRequestView } from './requests';
export { activityLog, remotePreviews, staffMembers } from './tables';

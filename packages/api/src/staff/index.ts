// The staff context's public entry: what other contexts, the composition root and tests use of it.
export type { StaffRequestView } from './requests';
export { remotePreviews, staffMembers } from './tables';
export { requireStaff, type StaffAccess, type StaffContext } from './access';
export { changeAsStaff, recordChange, type StaffChange, type StaffChangeRecord } from './changes';
export { activityLog } from './tables';

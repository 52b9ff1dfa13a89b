// The staff context's public entry: what other contexts, the composition root and tests use of it.
export type { StaffRequestView } from './requests';
export { remotePreviews, staffMembers } from './tables';

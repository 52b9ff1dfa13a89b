// '@atrium/graphql-client/staff': the staff console's calls — who the signed-in user is on a
// marketplace's staff, its requests and the actions on them, the visits booked outside Atrium, and the
// owner's tenant versions. An entry of its own, bundled by the console remote and the host's console
// header; operations run on the page's shared client.
export type { StaffOutsideVisit, StaffOutsideVisitVariables } from './staff-outside-visits';
export {
  staffAddOutsideVisit,
  staffRemoveOutsideVisit,
  useStaffAddOutsideVisit,
  useStaffRemoveOutsideVisit,
} from './staff-outside-visits';
export type {
  AppointmentStatus,
  StaffActionResult,
  StaffActionVariables,
  StaffPayment,
  StaffRefundInput,
  StaffRefundResult,
  StaffRequest,
  StaffRequestFilter,
  StaffRequestPage,
  StaffRescheduleOptions,
} from './staff-requests';
export {
  fetchStaffRequests,
  STAFF_REQUESTS_KEY,
  STAFF_REQUESTS_REFRESH_MS,
  staffCancelAppointment,
  staffCompleteAppointment,
  staffConfirmAppointment,
  staffDeclineAppointment,
  staffMarkNoShow,
  staffRefundPayment,
  staffRequestsQueryOptions,
  staffRescheduleAppointment,
  useStaffCancelAppointment,
  useStaffCompleteAppointment,
  useStaffConfirmAppointment,
  useStaffDeclineAppointment,
  useStaffMarkNoShow,
  useStaffRefundPayment,
  useStaffRequestPage,
  useStaffRequests,
  useStaffRescheduleAppointment,
  useStaffRescheduleOptions,
} from './staff-requests';
export type {
  StaffReleaseVariables,
  StaffRemoteVariables,
  StaffRemoteVersions,
  StartedRemotePreview,
} from './staff-versions';
export {
  fetchStaffRemoteVersions,
  STAFF_REMOTE_VERSIONS_KEY,
  staffClearRemoteOverride,
  staffRemoteVersionsQueryOptions,
  staffRollbackRemoteOverride,
  staffSetRemoteOverride,
  staffStartRemotePreview,
  useStaffClearRemoteOverride,
  useStaffRemoteVersions,
  useStaffRollbackRemoteOverride,
  useStaffSetRemoteOverride,
  useStaffStartRemotePreview,
} from './staff-versions';
export type { StaffViewer } from './staff-viewer';
export {
  fetchStaffViewer,
  STAFF_VIEWER_KEY,
  staffRoleOf,
  staffViewerQueryOptions,
  useStaffViewer,
} from './staff-viewer';

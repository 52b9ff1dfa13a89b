// '@atrium/graphql-client/account': the /profile page's calls — the viewer with wallet and
// memberships, the profile update, the client's own password, the appointments, the wallet
// changes and the payment history. An entry of its own, bundled by the account remote only;
// operations run on the page's shared client.
export type { ClientAppointmentChange, ClientChangeVariables } from './appointment-changes';
export {
  clientCancelAppointment,
  clientRescheduleAppointment,
  useClientCancelAppointment,
  useClientRescheduleAppointment,
  useClientRescheduleTimes,
} from './appointment-changes';
export type { AppointmentStatus, ProfileAppointment } from './appointments';
export {
  fetchProfileAppointments,
  PROFILE_APPOINTMENTS_KEY,
  profileAppointmentsQueryOptions,
  useProfileAppointments,
} from './appointments';
export type { ChangePasswordVariables, SetPasswordVariables } from './password';
export { changePassword, setPassword, useChangePassword, useSetPassword } from './password';
export type { ProfilePayment, ProfilePaymentStatus } from './payments';
export { PAYMENTS_PAGE_SIZE, useProfilePayments } from './payments';
export type { ProfileMembership, ProfileViewer, UpdateProfileVariables } from './profile';
export {
  fetchProfileViewer,
  profileViewerQueryOptions,
  updateProfile,
  useProfileViewer,
  useUpdateProfile,
} from './profile';
export type { ProfileWaitlistRequest } from './waitlist';
export { useProfileWaitlistRequests, useWithdrawWaitlistRequest } from './waitlist';
export type { NewCard, WalletCard } from './wallet';
export {
  createPaymentInstrument,
  deletePaymentInstrument,
  updatePrimaryPaymentInstrument,
  useCreatePaymentInstrument,
  useDeletePaymentInstrument,
  useUpdatePrimaryPaymentInstrument,
  WALLET_CHANGE_FAILED,
  walletErrorMessage,
} from './wallet';

// '@atrium/graphql-client/identity': sign-in, sessions, registration and verification.
// An entry of its own, bundled by the apps that use it, not part of the shared client every page
// loads. Operations run on the page's shared client (imported by the package name).
export type {
  AuthOption,
  ProfileInput,
  SexAssignedAtBirth,
  ThirdPartyProvider,
} from '../generated/graphql';
export {
  confirmEmail,
  confirmPhone,
  requestConfirmEmail,
  requestConfirmPhone,
  useConfirmEmail,
  useConfirmPhone,
  useRequestConfirmEmail,
  useRequestConfirmPhone,
} from './confirmation';
export { callIdentity, refetchViewer, refetchViewerAndMarketplace, VIEWER_KEY } from './identity-call';
export {
  requestResetPassword,
  resetPasswordByToken,
  usePasswordResetLinkUsable,
  useRequestResetPassword,
  useResetPasswordByToken,
} from './password-reset';
export type { AuthenticatePayload } from './sign-in';
export {
  authenticate,
  fetchAuthOptions,
  logout,
  passcodeAuthenticate,
  register,
  requestPasscode,
  useAuthenticate,
  useLogout,
  usePasscodeAuthenticate,
  useRegister,
  useRequestPasscode,
} from './sign-in';
export type {
  AuthProvider,
  RegisterWithTokenVariables,
  ThirdPartyAuthenticatePayload,
  ThirdPartyUserData,
} from './third-party';
export {
  appleAuthenticate,
  authProvidersQueryOptions,
  fetchAuthProviders,
  googleAuthenticate,
  registerWithToken,
  startThirdPartySignIn,
  useAppleAuthenticate,
  useAuthProviders,
  useGoogleAuthenticate,
  useRegisterWithToken,
  useStartThirdPartySignIn,
} from './third-party';
export type { Viewer, ViewerProfile } from './viewer';
export { fetchViewer, useViewer, viewerQueryOptions } from './viewer';

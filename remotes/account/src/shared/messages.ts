// The toasts and messages this remote shows, spelled exactly as the spec does.

export const LOGIN_SUCCESSFUL = 'Login successful!';
export const REGISTRATION_SUCCESSFUL = 'Registration successful!';
export const CONFIRM_EMAIL_WARNING = 'Please confirm your email address to continue.';
export const PASSCODE_SENT = 'Passcode sent successfully!';
export const PASSCODE_REQUEST_FAILED = 'Passcode request failed, please try again';
export const PASSCODE_TOKEN_MISSING = 'Passcode token is not set. Please request a passcode first.';
export const UNABLE_TO_AUTHENTICATE = 'Unable to authenticate. Please try again.';
export const UNABLE_TO_CREATE_ACCOUNT = 'Unable to create account. Please try again.';
export const APPLE_SIGN_IN_FAILED = 'An error occurred during Apple sign-in';
export const EMAIL_CONFIRMED = 'Email confirmed successfully!';
export const LOGGED_OUT = 'Logged out successfully';
export const PASSWORD_RESET = 'Password reset successfully';
export const RESET_REQUEST_FAILED = 'Reset password request failed, please try again';
export const RESET_FAILED = 'Reset password failed, please try again';
/** Said the same whether or not the address has an account. */
export const resetLinkSent = (address: string) =>
  `If ${address} has an account, a link to reset its password is on its way.`;
export const RESET_LINK_DEAD = 'This password reset link has expired or has already been used.';
export const PROFILE_UPDATED = 'Profile updated successfully';
export const PASSWORD_SET = 'Password set successfully';
export const PASSWORD_CHANGED = 'Password changed successfully';
export const SET_PASSWORD_FAILED = 'Setting your password failed, please try again';
export const CHANGE_PASSWORD_FAILED = 'Changing your password failed, please try again';
export const LOCATION_AUTOFILLED = 'Location autofilled successfully';
export const CARD_ADDED = 'Card added successfully';
export const CARD_DELETED = 'Card deleted successfully';
export const CARD_SET_AS_DEFAULT = 'Card set as default successfully';
export const NOT_PROVIDED = 'Not provided';
export const PACKAGE_PURCHASED = 'Package purchased successfully';
export const MEMBERSHIP_PURCHASED = 'Membership purchased successfully';
export const MEMBERSHIP_RENEWED = 'Membership renewed successfully';
export const MEMBERSHIP_CANCELLED = 'Membership cancelled successfully';
export const ADD_PAYMENT_METHOD = 'Please add a payment method to purchase a package';
export const NO_MEMBERSHIPS = 'No memberships available';

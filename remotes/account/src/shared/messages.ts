// The texts of spec sections 4, 5 and 8 this remote shows, spelled exactly as the spec does.

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

// Every message the identity services send, in plain text and simple HTML. The marketplace's name is
// the sender name and starts the subject or SMS, so clients of several marketplaces know who wrote.
// The layout is every email's (services/notifications/layout.ts).
import escapeHtml from 'escape-html';
import { type EmailContent, emailLayout as layout } from '../notifications';

export type { EmailContent };

export function passcodeEmail(marketplaceName: string, code: string, minutes: number): EmailContent {
  return {
    subject: `Your ${marketplaceName} sign-in code`,
    text: `Your ${marketplaceName} sign-in code is ${code}.\n\nIt expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
    html: layout(
      marketplaceName,
      `<p>Your sign-in code is</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${code}</p>
<p>It expires in ${minutes} minutes and works once. If you did not ask for it, you can ignore this email.</p>`,
    ),
  };
}

export function resetPasswordEmail(marketplaceName: string, link: string): EmailContent {
  return {
    subject: `Reset your ${marketplaceName} password`,
    text: `Someone asked to reset the password of your ${marketplaceName} account.\n\nChoose a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: layout(
      marketplaceName,
      `<p>Someone asked to reset the password of your account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p>
<p>If it was not you, ignore this email: your password stays as it is.</p>`,
    ),
  };
}

/**
 * Every mail with a confirm-email link says what confirming does, for whoever did not create the
 * account: the link, like a sign-in code, makes it theirs alone (users.ts confirmUserEmail).
 */
function notYoursWarning(marketplaceName: string): string {
  return `If you did not create a ${marketplaceName} account with this address, someone else did: ignore this email, or make the account yours. Confirming this address, by the link or by signing in to ${marketplaceName} with a code sent to it, ends every password, linked Google or Apple sign-in and session the account had before.`;
}

export function confirmEmailEmail(marketplaceName: string, link: string): EmailContent {
  const warning = notYoursWarning(marketplaceName);
  return {
    subject: `Confirm your email for ${marketplaceName}`,
    text: `Please confirm your email address for ${marketplaceName}:\n${link}\n\nThe link works once, for 24 hours.\n\n${warning}`,
    html: layout(
      marketplaceName,
      `<p>Please confirm your email address.</p>
<p><a href="${escapeHtml(link)}">Confirm my email</a> (the link works once, for 24 hours).</p>
<p>${escapeHtml(warning)}</p>`,
    ),
  };
}

export function phoneCodeSms(marketplaceName: string, code: string, minutes: number): string {
  return `${marketplaceName}: your phone verification code is ${code}. It expires in ${minutes} minutes.`;
}

export function registrationEmail(marketplaceName: string, link: string): EmailContent {
  const warning = notYoursWarning(marketplaceName);
  return {
    subject: `Confirm your email for ${marketplaceName}`,
    text: `Someone created a ${marketplaceName} account with this email address.\n\nIf it was you, confirm your email here (the link works once, for 24 hours):\n${link}\n\n${warning}`,
    html: layout(
      marketplaceName,
      `<p>Someone created an account with this email address.</p>
<p>If it was you, <a href="${escapeHtml(link)}">confirm your email</a> (the link works once, for 24 hours).</p>
<p>${escapeHtml(warning)}</p>`,
    ),
  };
}

export function accountExistsEmail(marketplaceName: string, signInLink: string): EmailContent {
  return {
    subject: `You already have a ${marketplaceName} account`,
    text: `Someone tried to create a ${marketplaceName} account with this email address, which already has one. Nothing was changed.\n\nIf it was you, sign in here with a code sent to this address, or choose "Forgot password?" to set a new password:\n${signInLink}\n\nIf it was not you, you can ignore this email.`,
    html: layout(
      marketplaceName,
      `<p>Someone tried to create an account with this email address, which already has one. Nothing was changed.</p>
<p>If it was you, <a href="${escapeHtml(signInLink)}">sign in</a> with a code sent to this address, or choose "Forgot password?" to set a new password.</p>
<p>If it was not you, you can ignore this email.</p>`,
    ),
  };
}

/**
 * The notice that a signed-in client set or changed their password (from the profile), so that an
 * owner whose session was taken hears of it: what to do if it was not them, and where.
 */
export function passwordChangedEmail(
  marketplaceName: string,
  change: 'set' | 'changed',
  signInLink: string,
): EmailContent {
  const what =
    change === 'set'
      ? `A password was set for your ${marketplaceName} account. You can now sign in with your email and this password, or with a code sent to this address.`
      : `The password of your ${marketplaceName} account was changed.`;
  const signedOut = 'Every other device signed in to your account was signed out.';
  const notYou =
    'If it was not you, sign in with a code sent to this address and change your password, or choose "Forgot password?" to set a new one: either way every other device is signed out.';
  return {
    subject: `Your ${marketplaceName} password was ${change}`,
    text: `${what}\n\n${signedOut}\n\n${notYou}\n${signInLink}`,
    html: layout(
      marketplaceName,
      `<p>${escapeHtml(what)}</p>
<p>${escapeHtml(signedOut)}</p>
<p>If it was not you, <a href="${escapeHtml(signInLink)}">sign in</a> with a code sent to this address and change your password, or choose "Forgot password?" to set a new one: either way every other device is signed out.</p>`,
    ),
  };
}

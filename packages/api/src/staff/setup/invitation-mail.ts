// The mail that invites a new marketplace's owner to its console, where they sign in by passcode.
import escapeHtml from 'escape-html';
import { buttonLink, type EmailContent, emailLayout } from '../../notifications';

export interface OwnerInvitation {
  marketplaceName: string;
  primaryColor: string;
  ownerEmail: string;
  consoleUrl: string;
}

export function ownerInvitationEmail(invitation: OwnerInvitation): EmailContent {
  const { marketplaceName, primaryColor, ownerEmail, consoleUrl } = invitation;
  const subject = `Set up ${marketplaceName}: your console is ready`;
  const text = [
    `${marketplaceName} has been created and you are its owner.`,
    '',
    `Open your console to set it up: ${consoleUrl}`,
    '',
    `Sign in with this email address (${ownerEmail}); we send you a code to prove it is yours.`,
    'The Setup checklist shows what is still missing before clients can book.',
  ].join('\n');
  const body = `<p>${escapeHtml(marketplaceName)} has been created and you are its owner.</p>
<p>${buttonLink(consoleUrl, 'Open your console', primaryColor)}</p>
<p>Sign in with this email address (${escapeHtml(ownerEmail)}); we send you a code to prove it is yours.</p>
<p>The Setup checklist shows what is still missing before clients can book.</p>`;
  return { subject, text, html: emailLayout({ name: marketplaceName, primaryColor }, body) };
}

// The mail inviting someone to a marketplace's staff: who invited them, as what, and the console's link.
import { type StaffRole, staffRoleLabels } from '@atrium/domain';
import escapeHtml from 'escape-html';
import type { Db } from '../../kernel/database/database';
import { buttonLink, emailLayout, type NotificationSettings, queueMessage } from '../../notifications';

export interface Invitation {
  to: string;
  role: StaffRole;
  invitedBy: string;
  marketplace: { id: number; name: string; primaryColor: string | null };
}

/** Queues the invitation in the transaction that adds the member: sent exactly when they are added. */
export async function queueInvitation(tx: Db, settings: NotificationSettings, invitation: Invitation) {
  const { marketplace } = invitation;
  const link = `${settings.webOrigin}/${marketplace.id}/console`;
  const role = staffRoleLabels[invitation.role];
  const subject = `You're invited to the staff of ${marketplace.name}`;
  const lines = [
    `${invitation.invitedBy} added you to the staff of ${marketplace.name} as ${role}.`,
    `Open the console and sign in with this email address (${invitation.to}): we will send you a code.`,
  ];
  const html = emailLayout(
    { name: marketplace.name, primaryColor: marketplace.primaryColor },
    `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p>${buttonLink(link, 'Open the console', marketplace.primaryColor)}</p>`,
  );
  await queueMessage(tx, {
    channel: 'email',
    to: invitation.to,
    senderName: marketplace.name,
    from: settings.mailFrom,
    subject,
    text: `${lines.join('\n\n')}\n\n${link}\n`,
    html,
    marketplaceId: marketplace.id,
  });
}

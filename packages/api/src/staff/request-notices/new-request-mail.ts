// The mail telling a staff member of a new request: what, when, where, for whom and how much, and the
// console's Requests. Plain text beside simple HTML in the marketplace's colours, like every mail.
import { formatCents, staffScope } from '@atrium/domain';
import escapeHtml from 'escape-html';
import {
  absoluteUrl,
  buttonLink,
  type EmailContent,
  emailLayout,
  formatDateTime,
  listNames,
  type NotificationSettings,
} from '../../notifications';
import type { NewRequest, NewRequestRecipient } from './new-request';

export const newRequestMailTexts = {
  intro: (client: string) => `${client} asked for an appointment:`,
  decide: 'Confirm or decline it in the console.',
  assigned: 'It is assigned to you; the front desk confirms it.',
  link: 'Open requests',
  optOut: 'To stop these mails, turn off “Mail me about new requests” in the console.',
} as const;

/** The client as staff read them: their name, else their email. */
export function clientName(client: NewRequest['client']): string {
  return [client.givenName, client.familyName].filter(Boolean).join(' ') || client.email;
}

/** The console's Requests of the request's marketplace. */
export function requestsLink(settings: NotificationSettings, marketplaceId: number): string {
  return `${settings.webOrigin}/${marketplaceId}/console/requests`;
}

/** One line each: what, when, where, with whom, for whom, and the total. */
function details(request: NewRequest): string[] {
  return [
    listNames(request.procedures),
    formatDateTime(request.startsAt, request.timeZone),
    request.clinic ? `${request.clinic.name}, ${request.clinic.address}` : `Home visit: ${request.address}`,
    `With ${request.practitioner.name}`,
    `Client: ${clientName(request.client)}`,
    `Total: ${formatCents(request.total)}`,
  ];
}

export function newRequestMail(
  request: NewRequest,
  recipient: NewRequestRecipient,
  settings: NotificationSettings,
): EmailContent {
  const { marketplace } = request;
  const client = clientName(request.client);
  const greeting = recipient.givenName ? `Hello ${recipient.givenName},` : 'Hello,';
  const intro = newRequestMailTexts.intro(client);
  const lines = details(request);
  // A practitioner sees only their own requests and cannot confirm them.
  const next =
    staffScope(recipient.role, 'confirmAppointment') === 'none'
      ? newRequestMailTexts.assigned
      : newRequestMailTexts.decide;
  const link = requestsLink(settings, marketplace.id);
  const text = [
    greeting,
    intro,
    lines.join('\n'),
    next,
    `${newRequestMailTexts.link}:\n${link}`,
    newRequestMailTexts.optOut,
  ].join('\n\n');
  const html = emailLayout(
    {
      name: marketplace.name,
      primaryColor: marketplace.primaryColor,
      logoUrl: absoluteUrl(marketplace.logo, settings.webOrigin),
    },
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="padding:12px 16px;background:#f5f5f5;border-radius:4px">${lines.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(next)}</p>
<p>${buttonLink(link, newRequestMailTexts.link, marketplace.primaryColor)}</p>
<p style="color:#555;font-size:13px">${escapeHtml(newRequestMailTexts.optOut)}</p>`,
  );
  return { subject: `${marketplace.name}: new request from ${client}`, text, html };
}

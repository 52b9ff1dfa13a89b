// What clients are told about their appointments, by mail (plain text and simple HTML in the
// marketplace's colours) and, when they agreed to texts, by SMS. Short and plain; the marketplace's
// name starts every subject and text message.
import { cardLabel, formatCents } from '@atrium/domain';
import escapeHtml from 'escape-html';
import type { NotificationSettings, OutboxAttachment } from '../../notifications';
import {
  absoluteUrl,
  buttonLink,
  type EmailContent,
  emailLayout,
  formatDateTime,
  formatPhone,
  formatShortDateTime,
  formatShortWindow,
  formatWindow,
  listNames,
} from '../../notifications';
import type { AppointmentNotice } from './appointment-notice';
import { appointmentCalendarFile, appointmentsLink, placeLine } from './calendar';

export type AppointmentNoticeKind =
  | 'received'
  | 'confirmed'
  | 'cancelled'
  | 'refunded'
  | 'no-show'
  | 'payment-failed'
  | 'rescheduled'
  | 'declined'
  | 'reminder'
  | 'authenticate-payment'
  | 'waitlist-offer';

export interface ClientMessages {
  email: EmailContent & { attachments: OutboxAttachment[] };
  /** The text message, or null when there is nothing to text about. */
  sms: string | null;
}

type BookedNotice = AppointmentNotice & { appointment: NonNullable<AppointmentNotice['appointment']> };

const smsReasonLength = 200;

/** What some messages need beside the notice. */
export interface NoticeOptions {
  /** `cancelled`: whether the client held an invitation. */
  wasBooked?: boolean;
  /** `cancelled` and `refunded`: cents given back to the client's card. */
  refundedCents?: number;
  /** `refunded`: why, as staff wrote it. */
  refundReason?: string | null;
  /** `payment-failed`: the page where the client adds another card, and the processor's reason. */
  paymentLink?: string;
  failureReason?: string;
  /** `no-show`: the fee charged (or refused), null when the marketplace charges none. */
  noShowFee?: { ok: boolean; cents: number } | null;
  /** `authenticate-payment`: the page where the client authenticates the payment. */
  authenticationLink?: string;
  /** `rescheduled`: the client moved it themselves from their profile (not the marketplace). */
  movedByClient?: boolean;
  /** `confirmed`: what the confirmation charged, and to which card (its receipt is mailed apart). */
  charged?: { cents: number; card: { brand: string; lastFour: string } | null } | null;
  /** `waitlist-offer`: the freed time offered to a waitlist request and the link that books it. */
  waitlistOffer?: { link: string; startsAt: Date; expiresAt: Date; practitioner: string };
}

/** The messages of one event about a request. */
export function appointmentMessages(
  kind: AppointmentNoticeKind,
  notice: AppointmentNotice,
  settings: NotificationSettings,
  options: NoticeOptions = {},
): ClientMessages {
  const { appointment } = notice;
  if (kind === 'received')
    return appointment ? received({ ...notice, appointment }, settings) : waitlisted(notice, settings);
  if (kind === 'waitlist-offer') {
    if (!options.waitlistOffer) throw new Error('A waitlist-offer message needs its offer.');
    return waitlistOffer(notice, settings, options.waitlistOffer);
  }
  if (!appointment) throw new Error(`A ${kind} message needs an appointment.`);
  const booked = { ...notice, appointment };
  if (kind === 'confirmed') return confirmed(booked, settings, options.charged ?? null);
  if (kind === 'cancelled') return cancelled(booked, settings, options);
  if (kind === 'refunded') return refunded(booked, settings, options);
  if (kind === 'no-show') return noShow(booked, settings, options.noShowFee ?? null);
  if (kind === 'rescheduled') return rescheduled(booked, settings, options.movedByClient);
  if (kind === 'payment-failed') {
    if (!options.paymentLink) throw new Error('A payment-failed message needs its link.');
    return paymentFailed(booked, settings, options.paymentLink, options.failureReason ?? '');
  }
  if (kind === 'declined') return declined(booked, settings);
  if (kind === 'authenticate-payment') {
    if (!options.authenticationLink) throw new Error('An authenticate-payment message needs its link.');
    return authenticatePayment(booked, settings, options.authenticationLink);
  }
  return reminder(booked, settings);
}

/** The marketplace confirmed, but the client's bank wants them to authenticate the charge first. */
function authenticatePayment(
  notice: BookedNotice,
  settings: NotificationSettings,
  link: string,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  return {
    email: email(notice, settings, {
      subject: `${name}: please authenticate your payment`,
      intro: `${name} can confirm your appointment, but your bank asks you to authenticate the payment first:`,
      details: details(notice, when),
      outro: 'Your appointment is booked as soon as your bank accepts the payment.',
      link: { label: 'Authenticate payment', href: link },
    }),
    sms: `${name}: your bank asks you to authenticate the payment for your appointment on ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)}. We emailed you a link.`,
  };
}

/** A time opened up inside a waitlist request's windows: a link books it while it is free. */
function waitlistOffer(
  notice: AppointmentNotice,
  settings: NotificationSettings,
  offer: NonNullable<NoticeOptions['waitlistOffer']>,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(offer.startsAt, notice.timeZone);
  return {
    email: email(notice, settings, {
      subject: `${name}: a time opened up`,
      intro: `A time opened up for your waitlist request. It is yours if you book it first:`,
      details: [listNames(notice.procedures), when, placeLine(notice), `With ${offer.practitioner}`],
      outro: `The link works until ${formatDateTime(offer.expiresAt, notice.timeZone)}, while the time is still free. Booking it sends your request to ${name} to confirm, as before.`,
      link: { label: 'Book this time', href: offer.link },
    }),
    sms: `${name}: a time opened up on ${formatShortDateTime(offer.startsAt, notice.timeZone)}. We emailed you a link to book it.`,
  };
}

function received(notice: BookedNotice, settings: NotificationSettings): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  return {
    email: email(notice, settings, {
      subject: `${name}: we received your appointment request`,
      intro: `Thank you for your request. ${name} is working to confirm your appointment:`,
      details: details(notice, when),
      outro: 'We will let you know as soon as it is confirmed.',
      link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
    }),
    sms: `${name}: we received your request for ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)}. We will let you know when it is confirmed.`,
  };
}

function waitlisted(notice: AppointmentNotice, settings: NotificationSettings): ClientMessages {
  const name = notice.marketplace.name;
  const windows = notice.waitlist.map((range) => formatWindow(range.startsAt, range.endsAt, notice.timeZone));
  const [first] = notice.waitlist;
  const more = notice.waitlist.length - 1;
  return {
    email: email(notice, settings, {
      subject: `${name}: you are on the waitlist`,
      intro: `Thank you for your request. You are on the waitlist for ${listNames(notice.procedures)} at ${placeLine(notice)}, at any of these times:`,
      details: windows,
      outro: 'We will let you know when one of these times opens up.',
      link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
    }),
    sms: first
      ? `${name}: you are on the waitlist for ${formatShortWindow(first.startsAt, first.endsAt, notice.timeZone)}${more > 0 ? ` and ${more} more time${more > 1 ? 's' : ''}` : ''}. We will let you know when a time opens up.`
      : null,
  };
}

function confirmed(
  notice: BookedNotice,
  settings: NotificationSettings,
  charged: NoticeOptions['charged'] | null,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const chargeLine = charged
    ? [
        `We charged ${formatCents(charged.cents)} to your ${charged.card ? cardLabel(charged.card) : 'card'}; your receipt follows in a separate email.`,
      ]
    : [];
  return {
    email: email(
      notice,
      settings,
      {
        subject: `${name}: your appointment is confirmed`,
        intro: 'Your appointment is confirmed:',
        details: [...details(notice, when), ...chargeLine],
        outro: `${changeByPhone(notice)} The calendar invitation is attached.`,
        link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
      },
      [appointmentCalendarFile(notice, settings, 'REQUEST')],
    ),
    sms: `${name}: your appointment on ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)} is confirmed.`,
  };
}

/** How a refund reads to the client: the amount, and when they see it. */
const refundLine = (cents: number) =>
  `We refunded ${formatCents(cents)} to your card. Your bank shows it within 5 to 10 business days.`;

function cancelled(
  notice: BookedNotice,
  settings: NotificationSettings,
  options: NoticeOptions,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const reason = notice.appointment.cancellationReason;
  const shortReason = reason ? shortened(reason) : reason;
  const wasBooked = options.wasBooked ?? false;
  const refunded = options.refundedCents ?? 0;
  return {
    email: email(
      notice,
      settings,
      {
        subject: `${name}: your appointment was cancelled`,
        intro: `Your appointment on ${when} at ${placeLine(notice)} was cancelled.`,
        details: [...(reason ? [`Reason: ${reason}`] : []), ...(refunded > 0 ? [refundLine(refunded)] : [])],
        outro: 'You are welcome to book another time.',
        link: { label: 'Book again', href: `${settings.webOrigin}/${notice.marketplace.id}/services` },
      },
      // A client who held the invitation gets its withdrawal, which takes it out of their calendar.
      wasBooked ? [appointmentCalendarFile(notice, settings, 'CANCEL')] : [],
    ),
    sms: `${name}: your appointment on ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)} was cancelled.${shortReason ? ` Reason: ${shortReason}` : ''}${refunded > 0 ? ` We refunded ${formatCents(refunded)}.` : ''}`,
  };
}

/**
 * Staff moved the appointment: its new time, and for a booked one the updated invitation (the same
 * UID, a higher SEQUENCE), which replaces the old event in the client's calendar.
 */
function rescheduled(notice: BookedNotice, settings: NotificationSettings, byClient = false): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const booked = notice.appointment.status === 'BOOKED';
  const mover = byClient ? 'You' : name;
  return {
    email: email(
      notice,
      settings,
      {
        subject: `${name}: your appointment was moved`,
        intro: booked
          ? `${mover} moved your appointment. It is now on ${when}:`
          : `${mover} moved your appointment request to ${when}. It is still waiting for confirmation:`,
        details: details(notice, when),
        outro: `${changeByPhone(notice)}${booked ? ' The updated calendar invitation is attached.' : ''}`,
        link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
      },
      booked ? [appointmentCalendarFile(notice, settings, 'REQUEST')] : [],
    ),
    sms: `${name}: your appointment was moved to ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)}.`,
  };
}

/** The marketplace tried to confirm, but the card was refused: a link to add another card. */
function paymentFailed(
  notice: BookedNotice,
  settings: NotificationSettings,
  link: string,
  reason: string,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  return {
    email: email(notice, settings, {
      subject: `${name}: your payment did not go through`,
      intro: `${name} tried to confirm your appointment, but your card was refused: ${reason}`,
      details: details(notice, when),
      outro: `Add another card and ${name} will confirm your appointment with it. Your time is held for you meanwhile.`,
      link: { label: 'Add another card', href: link },
    }),
    sms: `${name}: the payment for your appointment on ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)} did not go through. We emailed you a link to add another card.`,
  };
}

/** The client missed a booked visit: what the marketplace's no-show fee did. */
function noShow(
  notice: BookedNotice,
  settings: NotificationSettings,
  fee: NoticeOptions['noShowFee'] | null,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const feeLine = !fee
    ? []
    : fee.ok
      ? [`As ${name}'s policy says, we charged a no-show fee of ${formatCents(fee.cents)} to your card.`]
      : [
          `${name}'s no-show fee of ${formatCents(fee.cents)} could not be charged to your card; ${name} may contact you about it.`,
        ];
  return {
    email: email(notice, settings, {
      subject: `${name}: we missed you`,
      intro: `We missed you at your appointment on ${when} at ${placeLine(notice)}.`,
      details: feeLine,
      outro: 'You are welcome to book another time.',
      link: { label: 'Book again', href: `${settings.webOrigin}/${notice.marketplace.id}/services` },
    }),
    sms: null,
  };
}

/** Staff gave back (part of) what the client paid for an appointment. */
function refunded(
  notice: BookedNotice,
  settings: NotificationSettings,
  options: NoticeOptions,
): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const cents = options.refundedCents ?? 0;
  return {
    email: email(notice, settings, {
      subject: `${name}: we refunded ${formatCents(cents)}`,
      intro: `${refundLine(cents)} It is for your appointment on ${when} at ${placeLine(notice)}.`,
      details: options.refundReason ? [`Reason: ${options.refundReason}`] : [],
      outro: questionsLine(notice),
      link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
    }),
    sms: `${name}: we refunded ${formatCents(cents)} for your appointment on ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)}.`,
  };
}

/** Where a client asks about money given back: the line they would call about the visit. */
function questionsLine(notice: AppointmentNotice): string {
  const contact = contactLine(notice);
  return contact
    ? `Questions? Please call ${contact.name} at ${formatPhone(contact.phone)}.`
    : `Questions? Please contact ${notice.marketplace.name}.`;
}

/** The marketplace turned the request down (it was never booked: no invitation to withdraw). */
function declined(notice: BookedNotice, settings: NotificationSettings): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const reason = notice.appointment.cancellationReason;
  return {
    email: email(notice, settings, {
      subject: `${name}: your appointment request was declined`,
      intro: `${name} could not confirm your request for ${when} at ${placeLine(notice)}.`,
      details: reason ? [`Reason: ${reason}`] : [],
      outro: 'You are welcome to book another time.',
      link: { label: 'Book again', href: `${settings.webOrigin}/${notice.marketplace.id}/services` },
    }),
    sms: `${name}: your request for ${formatShortDateTime(notice.appointment.startsAt, notice.timeZone)} was declined.${reason ? ` Reason: ${shortened(reason)}` : ''}`,
  };
}

function reminder(notice: BookedNotice, settings: NotificationSettings): ClientMessages {
  const name = notice.marketplace.name;
  const when = formatDateTime(notice.appointment.startsAt, notice.timeZone);
  const short = formatShortDateTime(notice.appointment.startsAt, notice.timeZone);
  return {
    email: email(notice, settings, {
      subject: `${name}: reminder of your appointment on ${short}`,
      intro: 'A reminder of your appointment:',
      details: details(notice, when),
      outro: changeByPhone(notice),
      link: { label: 'Your appointments', href: appointmentsLink(settings, notice.marketplace.id) },
    }),
    sms: `${name} reminder: your appointment is on ${short} at ${placeLine(notice)}.`,
  };
}

/** A reason cut to fit a text message. */
function shortened(reason: string): string {
  return reason.length > smsReasonLength ? `${reason.slice(0, smsReasonLength - 3)}...` : reason;
}

/** What, when, where and with whom, one line each. */
function details(notice: BookedNotice, when: string): string[] {
  return [
    listNames(notice.procedures),
    when,
    placeLine(notice),
    notice.appointment.practitioner ? `With ${notice.appointment.practitioner}` : '',
  ].filter(Boolean);
}

/**
 * Who a client calls about a visit: the clinic of a clinic visit; for an at-home visit the
 * marketplace's own line, else its first clinic's (a clinic of the same marketplace answers for it).
 * Null only when the marketplace has neither.
 */
function contactLine(notice: AppointmentNotice): { name: string; phone: string } | null {
  if (notice.place.kind === 'clinic') return { name: notice.place.name, phone: notice.place.phone };
  const { marketplace } = notice;
  if (marketplace.phone) return { name: marketplace.name, phone: marketplace.phone };
  return marketplace.clinic;
}

// How a client changes or cancels a visit: by phone (the clinic's line, or for an at-home visit the
// marketplace's, issue 30), or, for an at-home visit with no line to call, online where the
// marketplace allows it. Never a sentence without a way to do it, unless the marketplace gives none.
function changeByPhone(notice: AppointmentNotice): string {
  const contact = contactLine(notice);
  const cutoff = notice.marketplace.onlineChangeCutoffHours;
  if (notice.place.kind === 'home' && !notice.marketplace.phone && cutoff !== null) {
    return `To change or cancel it, open Your appointments below; you can do it there up to ${cutoff} hour${cutoff === 1 ? '' : 's'} before it starts.`;
  }
  return contact
    ? `To change or cancel it, please call ${contact.name} at ${formatPhone(contact.phone)}.`
    : `To change or cancel it, please contact ${notice.marketplace.name}.`;
}

function email(
  notice: AppointmentNotice,
  settings: NotificationSettings,
  content: {
    subject: string;
    intro: string;
    details: string[];
    outro: string;
    link: { label: string; href: string };
  },
  attachments: OutboxAttachment[] = [],
): ClientMessages['email'] {
  const { marketplace } = notice;
  const greeting = notice.client.givenName ? `Hello ${notice.client.givenName},` : 'Hello,';
  const text = [
    greeting,
    content.intro,
    content.details.join('\n'),
    content.outro,
    `${content.link.label}:\n${content.link.href}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const detailsHtml =
    content.details.length > 0
      ? `<p style="padding:12px 16px;background:#f5f5f5;border-radius:4px">${content.details.map(escapeHtml).join('<br>')}</p>\n`
      : '';
  const html = emailLayout(
    {
      name: marketplace.name,
      primaryColor: marketplace.primaryColor,
      logoUrl: absoluteUrl(marketplace.logo, settings.webOrigin),
    },
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(content.intro)}</p>
${detailsHtml}<p>${escapeHtml(content.outro)}</p>
<p>${buttonLink(content.link.href, content.link.label, marketplace.primaryColor)}</p>`,
  );
  return { subject: content.subject, text, html, attachments };
}

// Who a client of an at-home visit is told to call (issue 30): the marketplace's own line, never an
// empty 'please contact …' while the app knows a way to reach it.
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../notifications';
import { appointmentMessages } from './appointment-messages';
import type { AppointmentNotice } from './appointment-notice';

const settings: NotificationSettings = {
  mailFrom: 'no-reply@atrium.localhost',
  webOrigin: 'http://localhost:3000',
};

/** A booked at-home visit of Glow Mobile IV, with the marketplace's contact details as given. */
function atHome(marketplace: Partial<AppointmentNotice['marketplace']>): AppointmentNotice {
  return {
    marketplace: {
      id: 1,
      name: 'Glow Mobile IV',
      primaryColor: '#38BDF8',
      logo: null,
      phone: null,
      clinic: null,
      onlineChangeCutoffHours: null,
      ...marketplace,
    },
    client: { email: 'ana@example.com', givenName: 'Ana', familyName: 'Lee', phone: null, phoneOptIn: false },
    timeZone: 'America/New_York',
    place: { kind: 'home', address: '350 5th Ave, New York, NY 10118' },
    procedures: ["Myers' Cocktail"],
    appointment: {
      id: 7,
      status: 'BOOKED',
      startsAt: new Date('2030-03-05T14:00:00Z'),
      endsAt: new Date('2030-03-05T15:00:00Z'),
      practitioner: 'Nora',
      cancellationReason: null,
      calendarSequence: 0,
    },
    waitlist: [],
  };
}

const confirmation = (notice: AppointmentNotice) => appointmentMessages('confirmed', notice, settings).email;

describe('how an at-home client is told to change or cancel', () => {
  it('gives the marketplace’s own phone, in the mail and the calendar invitation', () => {
    const mail = confirmation(
      atHome({ phone: '+12125550199', clinic: { name: 'Glow Midtown', phone: '+12125550143' } }),
    );
    expect(mail.text).toContain('To change or cancel it, please call Glow Mobile IV at (212) 555-0199.');
    expect(mail.html).toContain('please call Glow Mobile IV at (212) 555-0199.');
    const invitation = mail.attachments[0]?.content.replace(/\r\n[ \t]/g, '') ?? '';
    expect(invitation).toContain('To change or cancel\\, call Glow Mobile IV at (212) 555-0199.');
  });

  it('without a phone of its own, says where to change it online when the marketplace allows it', () => {
    const mail = confirmation(
      atHome({ onlineChangeCutoffHours: 24, clinic: { name: 'Glow Midtown', phone: '+12125550143' } }),
    );
    expect(mail.text).toContain(
      'To change or cancel it, open Your appointments below; you can do it there up to 24 hours before it starts.',
    );
  });

  it('without a phone or online changes, gives its clinic’s phone; only with neither, its name', () => {
    expect(confirmation(atHome({ clinic: { name: 'Glow Midtown', phone: '+12125550143' } })).text).toContain(
      'To change or cancel it, please call Glow Midtown at (212) 555-0143.',
    );
    expect(confirmation(atHome({})).text).toContain('To change or cancel it, please contact Glow Mobile IV.');
  });

  it('gives the same line for questions about a refund', () => {
    const mail = appointmentMessages('refunded', atHome({ phone: '+12125550199' }), settings, {
      refundedCents: 1000,
    });
    expect(mail.email.text).toContain('Questions? Please call Glow Mobile IV at (212) 555-0199.');
  });
});

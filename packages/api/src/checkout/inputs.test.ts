import { describe, expect, it } from 'vitest';
import { checkoutSummaryInput, createAppointmentRequestInput } from './inputs';

const today = new Date(2026, 10, 22);

const guest = {
  email: 'gia.guest@example.com',
  profile: {
    givenName: 'Gia',
    familyName: 'Guest',
    phone: '(212) 555-0142',
    dob: '1990-04-01',
    tzid: 'America/New_York',
  },
};

const request = (overrides: Record<string, unknown> = {}) => ({
  marketplaceId: '80',
  idempotencyKey: 'key-1',
  organizationId: '801',
  procedures: ['8001'],
  dateRanges: [{ start: '2026-12-01T09:00', end: '2026-12-01T09:00' }],
  registerUser: guest,
  ...overrides,
});

const firstMessage = (input: unknown) =>
  createAppointmentRequestInput(today).safeParse(input).error?.issues[0]?.message ?? null;

describe("a guest's details, held to the checkout personal form's rules", () => {
  it('are sent trimmed, the phone E.164 and the birth date yyyy-MM-dd, as typed in the form too', () => {
    const parsed = createAppointmentRequestInput(today).parse(
      request({
        registerUser: { ...guest, profile: { ...guest.profile, givenName: ' Gia ', dob: '4/1/1990' } },
      }),
    );
    expect(parsed.registerUser).toEqual({
      email: 'gia.guest@example.com',
      profile: {
        givenName: 'Gia',
        familyName: 'Guest',
        phone: '+12125550142',
        dob: '1990-04-01',
        tzid: 'America/New_York',
        phoneOptIn: false,
        emailOptIn: false,
      },
    });
  });

  it.each([
    [{ givenName: '' }, 'Name is required'],
    [{ givenName: 'x'.repeat(101) }, 'First Name must be at most 100 characters.'],
    [{ phone: '' }, 'Phone is required'],
    [{ phone: '555' }, 'Please provide a valid US phone number'],
    [{ dob: '' }, 'Date of Birth is required'],
    [{ dob: '2/30/1990' }, 'Enter a real date, like 4/2/1990'],
    [{ dob: '1990.04.01' }, 'Enter the date as M/D/YYYY, like 4/2/1990'],
    [{ dob: '1/1/1899' }, 'Enter a year from 1900 on'],
    [{ dob: '11/23/2026' }, 'Date of Birth cannot be after today'],
  ])('refuses %j with %j', (profile, message) => {
    expect(
      firstMessage(request({ registerUser: { ...guest, profile: { ...guest.profile, ...profile } } })),
    ).toBe(message);
  });

  it("keeps a foreign phone, which the API has always stored, and checks the email with zod's stricter rule", () => {
    const parsed = createAppointmentRequestInput(today).parse(
      request({ registerUser: { ...guest, profile: { ...guest.profile, phone: '+44 20 7946 0958' } } }),
    );
    expect(parsed.registerUser?.profile.phone).toBe('+442079460958');
    expect(firstMessage(request({ registerUser: { ...guest, email: '' } }))).toBe('Email is required');
    expect(firstMessage(request({ registerUser: { ...guest, email: 'gia..guest@example.com' } }))).toBe(
      'Please provide a valid email',
    );
  });
});

describe('the rest of an appointment request', () => {
  it("takes the home address with the profile's address rule and the domain's map point", () => {
    const address = { address: '  1 Main St  ', latitude: 40.75, longitude: -73.99 };
    expect(
      createAppointmentRequestInput(today).parse(request({ organizationId: null, address })).place,
    ).toEqual({
      address: '1 Main St',
      location: { latitude: 40.75, longitude: -73.99 },
    });
    expect(firstMessage(request({ organizationId: null, address: { ...address, latitude: 91 } }))).toBe(
      'Latitude must be between -90 and 90.',
    );
    expect(firstMessage(request({ organizationId: null, address: { ...address, address: ' ' } }))).toBe(
      'Address is required',
    );
  });

  it('holds a tip in cents to the custom tip field’s limit and message', () => {
    expect(createAppointmentRequestInput(today).parse(request({ gratuity: 999_999 })).gratuityCents).toBe(
      999_999,
    );
    for (const gratuity of [-1, 1_000_000, 12.5]) {
      expect(firstMessage(request({ gratuity }))).toBe(
        'Enter an amount below $10,000 with at most 2 decimals.',
      );
    }
  });

  it('takes blank notes and promo code as none, and names the notes limit', () => {
    const parsed = createAppointmentRequestInput(today).parse(request({ notes: '  ', promoCode: ' ' }));
    expect(parsed).toMatchObject({ notes: null, promoCode: null });
    expect(firstMessage(request({ notes: 'x'.repeat(2001) }))).toBe('Notes must be at most 2000 characters.');
    expect(firstMessage(request({ promoCode: 'X'.repeat(101) }))).toBe('Invalid promo code');
  });
});

describe('the checkout summary', () => {
  it('takes the tip in dollars as the custom tip field does: cents out', () => {
    const summary = (gratuity: unknown) =>
      checkoutSummaryInput.safeParse({ marketplaceId: '80', procedureIds: ['8001'], gratuity });
    expect(summary(12.34).data?.gratuityCents).toBe(1234);
    expect(summary(null).data?.gratuityCents).toBe(0);
    expect(summary(10_000).error?.issues[0]?.message).toBe(
      'Enter an amount below $10,000 with at most 2 decimals.',
    );
  });
});

describe('the booking request schema of the day', () => {
  const bornOn = (dob: string) => request({ registerUser: { ...guest, profile: { ...guest.profile, dob } } });

  it('is built once a day, and the next day takes that day as today', () => {
    const later = new Date(2026, 10, 22, 18, 30);
    expect(createAppointmentRequestInput(later)).toBe(createAppointmentRequestInput(today));
    // Born on the 23rd: after today on the 22nd, accepted on the 23rd.
    expect(createAppointmentRequestInput(today).safeParse(bornOn('2026-11-23')).success).toBe(false);
    const tomorrow = new Date(2026, 10, 23, 0, 5);
    expect(createAppointmentRequestInput(tomorrow).safeParse(bornOn('2026-11-23')).success).toBe(true);
    expect(createAppointmentRequestInput(today).safeParse(bornOn('2026-11-23')).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type StaffRequestRow, toClinicRef, toStaffClientView, toStaffRequestView } from './requests';

const row: StaffRequestRow = {
  id: 41,
  status: 'PENDING',
  startsAt: new Date('2026-06-02T14:00:00Z'),
  endsAt: new Date('2026-06-02T14:45:00Z'),
  timeZone: 'America/New_York',
  requestedAt: new Date('2026-06-01T09:30:00Z'),
  clientId: 7,
  givenName: 'Ada',
  familyName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+12125550100',
  practitionerId: 151,
  practitionerName: 'Dana Whitfield, RN',
  clinicId: null,
  clinicName: null,
  clinicAddress: null,
  homeAddress: '350 5th Ave, New York, NY 10118',
  notes: 'Ring twice',
  dueOnConfirmation: 3980,
  tip: 1500,
  total: 21400,
  cancellationReason: null,
  procedures: [{ id: '1001', name: "Myers' Cocktail", isAddOn: false, price: 19900 }],
  checkoutNotes: [{ label: 'Allergies?', value: 'None' }],
  payments: [],
  cardId: null,
  cardBrand: null,
  cardLastFour: null,
};

describe('toStaffRequestView', () => {
  it('gives ids as strings, instants as ISO 8601 and an at-home visit the client’s address and no clinic', () => {
    expect(toStaffRequestView(row)).toEqual({
      id: '41',
      status: 'PENDING',
      start: '2026-06-02T14:00:00.000Z',
      end: '2026-06-02T14:45:00.000Z',
      timeZone: 'America/New_York',
      requestedAt: '2026-06-01T09:30:00.000Z',
      client: {
        id: '7',
        givenName: 'Ada',
        familyName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+12125550100',
      },
      procedures: [{ id: '1001', name: "Myers' Cocktail", isAddOn: false, price: 19900 }],
      practitioner: { id: '151', name: 'Dana Whitfield, RN' },
      clinic: null,
      address: '350 5th Ave, New York, NY 10118',
      notes: 'Ring twice',
      checkoutNotes: [{ label: 'Allergies?', value: 'None' }],
      dueOnConfirmation: 3980,
      tip: 1500,
      total: 21400,
      cancellationReason: null,
      payments: [],
      card: null,
    });
  });

  it('gives a payment what was refunded and what may still be, counting a pending refund as taken', () => {
    const refund = (id: string, amount: number, status: string) => ({
      id,
      amount,
      status,
      reason: null,
      failureReason: status === 'failed' ? 'Refused.' : null,
      refundedBy: 'desk@glow.example',
      at: '2026-06-03T10:00:00+00:00',
    });
    const view = toStaffRequestView({
      ...row,
      payments: [
        {
          id: '5',
          purpose: 'confirmation',
          status: 'succeeded',
          amount: 3980,
          failureReason: null,
          attemptedAt: '2026-06-01T10:00:00.5+00:00',
          attemptedBy: 'desk@glow.example',
          cardId: '9',
          refunds: [refund('1', 1000, 'succeeded'), refund('2', 500, 'pending'), refund('3', 700, 'failed')],
        },
        {
          id: '4',
          purpose: 'confirmation',
          status: 'failed',
          amount: 3980,
          failureReason: 'Your card has insufficient funds.',
          attemptedAt: '2026-06-01T09:59:00+00:00',
          attemptedBy: null,
          cardId: '9',
          refunds: [],
        },
      ],
    });
    expect(view.payments[0]).toMatchObject({
      purpose: 'CONFIRMATION',
      status: 'SUCCEEDED',
      attemptedAt: '2026-06-01T10:00:00.500Z',
      refunded: 1000,
      refundable: 2480,
    });
    expect(view.payments[0]?.refunds.map((item) => item.status)).toEqual(['SUCCEEDED', 'PENDING', 'FAILED']);
    expect(view.payments[1]).toMatchObject({ status: 'FAILED', refunded: 0, refundable: 0 });
  });

  it('gives a clinic visit the clinic and its address', () => {
    const view = toStaffRequestView({
      ...row,
      clinicId: 101,
      clinicName: 'Glow Mobile IV Midtown Manhattan',
      clinicAddress: '245 W 52nd St, New York, NY 10019',
      homeAddress: null,
    });
    expect(view.clinic).toEqual({ id: '101', name: 'Glow Mobile IV Midtown Manhattan' });
    expect(view.address).toBe('245 W 52nd St, New York, NY 10019');
  });

  it('gives an empty address when neither the clinic nor the request has one', () => {
    expect(toStaffRequestView({ ...row, homeAddress: null }).address).toBe('');
  });
});

describe('toClinicRef', () => {
  it('is null without a clinic, and the clinic with its id as a string otherwise', () => {
    expect(toClinicRef({ clinicId: null, clinicName: null })).toBeNull();
    expect(toClinicRef({ clinicId: 201, clinicName: 'Nocturne SoHo' })).toEqual({
      id: '201',
      name: 'Nocturne SoHo',
    });
  });
});

describe('toStaffClientView', () => {
  it('names the client by their user id as a string, keeping missing names and phone as null', () => {
    expect(
      toStaffClientView({
        clientId: 9,
        givenName: null,
        familyName: null,
        email: 'x@example.com',
        phone: null,
      }),
    ).toEqual({ id: '9', givenName: null, familyName: null, email: 'x@example.com', phone: null });
  });
});

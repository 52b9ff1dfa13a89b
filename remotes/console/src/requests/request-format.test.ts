import type { StaffRequest } from '@atrium/graphql-client/staff';
import { describe, expect, it } from 'vitest';
import {
  clientName,
  clientPhone,
  requestLocation,
  requestReceived,
  requestStart,
  requestTimeSpan,
} from './request-format';

const client: StaffRequest['client'] = {
  id: '7',
  givenName: 'Ana',
  familyName: 'Lima',
  email: 'ana@example.com',
  phone: '+12125550143',
};

describe('request formatting', () => {
  it('names the client by given and family name, else by email', () => {
    expect(clientName(client)).toBe('Ana Lima');
    expect(clientName({ ...client, givenName: null, familyName: ' ' })).toBe('ana@example.com');
  });

  it('shows the phone in national format, or nothing without one', () => {
    expect(clientPhone(client)).toBe('(212) 555-0143');
    expect(clientPhone({ ...client, phone: null })).toBeNull();
  });

  it('shows the times in the place’s time zone, not the browser’s', () => {
    const request = {
      start: '2030-01-08T17:00:00.000Z',
      end: '2030-01-08T17:45:00.000Z',
      timeZone: 'America/Denver',
    };
    expect(requestStart(request)).toBe('Tue, Jan 8, 2030, 10:00 AM');
    expect(requestReceived({ requestedAt: '2030-01-07T16:30:00.000Z', timeZone: 'America/Denver' })).toBe(
      'Mon, Jan 7, 2030, 9:30 AM',
    );
    expect(requestTimeSpan(request)).toBe('Tue, Jan 8, 2030, 10:00 AM – 10:45 AM (America/Denver)');
  });

  it('says where: the clinic with its address, or at home at the client’s address', () => {
    expect(requestLocation({ clinic: { id: '101', name: 'Glow Midtown' }, address: '1 Main St' })).toBe(
      'Glow Midtown, 1 Main St',
    );
    expect(requestLocation({ clinic: null, address: '9 Elm St, Denver, CO' })).toBe(
      'At home: 9 Elm St, Denver, CO',
    );
  });
});

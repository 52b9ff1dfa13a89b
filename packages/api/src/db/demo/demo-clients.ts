import type { sexesAssignedAtBirth } from '../../identity';

/** The password of every demo client (documented in the package README). */
export const demoClientPassword = 'demo-pass-123';

export interface DemoClient {
  /** The demo marketplace whose group the client belongs to. */
  marketplaceId: number;
  email: string;
  givenName: string;
  familyName: string;
  dob: string;
  phone: string;
  address: string;
  sexAssignedAtBirth: (typeof sexesAssignedAtBirth)[number];
  tzid: string;
}

/** One signed-up client per demo marketplace group, with a full profile and confirmed email and phone. */
export const demoClients: DemoClient[] = [
  {
    marketplaceId: 1,
    email: 'demo@glow.example',
    givenName: 'Jordan',
    familyName: 'Rivera',
    dob: '1990-04-12',
    phone: '+12125550142',
    address: '350 5th Ave, New York, NY 10118',
    sexAssignedAtBirth: 'female',
    tzid: 'America/New_York',
  },
  {
    marketplaceId: 2,
    email: 'demo@nocturne.example',
    givenName: 'Avery',
    familyName: 'Chen',
    dob: '1987-09-23',
    phone: '+16175550163',
    address: '200 Boylston St, Boston, MA 02116',
    sexAssignedAtBirth: 'male',
    tzid: 'America/New_York',
  },
  {
    marketplaceId: 3,
    email: 'demo@solace.example',
    givenName: 'Sam',
    familyName: 'Patel',
    dob: '1994-01-30',
    phone: '+17205550187',
    address: '1701 Wynkoop St, Denver, CO 80202',
    sexAssignedAtBirth: 'unknown',
    tzid: 'America/Denver',
  },
];

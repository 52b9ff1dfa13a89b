import type { StaffRole } from '@atrium/domain';

export interface DemoStaffMember {
  marketplaceId: number;
  email: string;
  givenName: string;
  familyName: string;
  role: StaffRole;
  /** For a practitioner: the demo practitioner they are (demo-schedules.ts). */
  practitionerId?: number;
}

/**
 * The staff of the demo marketplaces: an owner and a front desk each, and one practitioner at Glow
 * (Dana Whitfield). They sign in with a code sent to the dev mailbox.
 */
export const demoStaff: DemoStaffMember[] = [
  { marketplaceId: 1, email: 'owner@glow.example', givenName: 'Olivia', familyName: 'Grant', role: 'owner' },
  {
    marketplaceId: 1,
    email: 'frontdesk@glow.example',
    givenName: 'Felix',
    familyName: 'Moreno',
    role: 'front_desk',
  },
  {
    marketplaceId: 1,
    email: 'practitioner@glow.example',
    givenName: 'Dana',
    familyName: 'Whitfield',
    role: 'practitioner',
    practitionerId: 151,
  },
  {
    marketplaceId: 2,
    email: 'owner@nocturne.example',
    givenName: 'Noor',
    familyName: 'Haddad',
    role: 'owner',
  },
  {
    marketplaceId: 2,
    email: 'frontdesk@nocturne.example',
    givenName: 'Theo',
    familyName: 'Lambert',
    role: 'front_desk',
  },
  { marketplaceId: 3, email: 'owner@solace.example', givenName: 'Sofia', familyName: 'Lind', role: 'owner' },
  {
    marketplaceId: 3,
    email: 'frontdesk@solace.example',
    givenName: 'Eli',
    familyName: 'Brooks',
    role: 'front_desk',
  },
];

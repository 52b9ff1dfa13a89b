import type { StaffRole } from '@atrium/domain';
import { type StaffViewer, staffRoleOf } from '@atrium/graphql-client/staff';

/** The signed-in staff member as the console's sections use them. */
export interface ConsoleStaff {
  role: StaffRole;
  name: string;
  email: string;
  /** For a practitioner: the practitioner they are. */
  practitionerId: string | null;
}

export function consoleStaffOf(viewer: StaffViewer): ConsoleStaff {
  return {
    role: staffRoleOf(viewer.role),
    name: viewer.name,
    email: viewer.email,
    practitionerId: viewer.practitioner?.id ?? null,
  };
}

/** What every section of the console receives. */
export interface ConsoleSectionProps {
  marketplaceId: string;
  staff: ConsoleStaff;
}

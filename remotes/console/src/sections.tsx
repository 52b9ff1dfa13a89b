import type { StaffOperation, StaffRole } from '@atrium/domain';
import { staffMay } from '@atrium/domain';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { UnreadRequestsBadge } from './request-notices/unread-requests-badge';
import type { ConsoleSectionProps } from './shell/console-staff';

/**
 * One section of the staff console: its folder's page, its path under /{id}/console/, its label in
 * the section navigation and the staff operation (of @atrium/domain's permission matrix) it needs.
 */
export interface ConsoleSection {
  path: string;
  label: string;
  operation: StaffOperation;
  page: LazyExoticComponent<ComponentType<ConsoleSectionProps>>;
  /** Shown after the label in the navigation, e.g. a count of what is new there. */
  badge?: ComponentType<ConsoleSectionProps>;
  /** A page reached from another section (a button there), left out of the navigation. */
  hidden?: boolean;
}

/**
 * The console's sections, in the navigation's order: the one list the navigation and the routes are
 * built from. A section is one line here and a folder of its own; a role sees only the sections
 * whose operation it may use.
 */
export const consoleSections: readonly ConsoleSection[] = [
  // First, so an owner lands on what their marketplace still needs (the front desk and practitioners,
  // who may not use it, land on Requests).
  {
    path: 'setup',
    label: 'Setup',
    operation: 'viewSetup',
    page: lazy(() => import('./setup/setup-section')),
  },
  {
    path: 'requests',
    label: 'Requests',
    operation: 'viewRequests',
    page: lazy(() => import('./requests/requests-section')),
    badge: UnreadRequestsBadge,
  },
  {
    // Under Requests (its button opens it), so the navigation keeps Requests current there.
    path: 'requests/book',
    label: 'Book for a client',
    operation: 'createBooking',
    page: lazy(() => import('./phone-booking/phone-booking-page')),
    hidden: true,
  },
  {
    path: 'schedule',
    label: 'Schedule',
    operation: 'viewRequests',
    page: lazy(() => import('./schedule/schedule-section')),
  },
  {
    path: 'waitlist',
    label: 'Waitlist',
    operation: 'viewWaitlist',
    page: lazy(() => import('./waitlist/waitlist-section')),
  },
  {
    path: 'clients',
    label: 'Clients',
    operation: 'viewClients',
    page: lazy(() => import('./clients/clients-section')),
  },
  {
    path: 'catalogue',
    label: 'Catalogue',
    operation: 'editCatalogue',
    page: lazy(() => import('./catalogue/catalogue-section')),
  },
  {
    path: 'offers',
    label: 'Offers',
    operation: 'editOffers',
    page: lazy(() => import('./offers/offers-section')),
  },
  {
    // Every role: the owner and the front desk keep the team's hours, a practitioner their own time off.
    path: 'team',
    label: 'Team',
    operation: 'editTimeOff',
    page: lazy(() => import('./team/team-section')),
  },
  {
    path: 'settings',
    label: 'Settings',
    operation: 'editSettings',
    page: lazy(() => import('./settings/settings-section')),
  },
  {
    path: 'versions',
    label: 'Versions',
    operation: 'viewRemoteVersions',
    page: lazy(() => import('./versions/versions-section')),
  },
  {
    path: 'activity',
    label: 'Activity',
    operation: 'viewActivityLog',
    page: lazy(() => import('./activity/activity-section')),
  },
  {
    path: 'reports',
    label: 'Reports',
    operation: 'viewReports',
    page: lazy(() => import('./reports/reports-section')),
  },
];

/** The sections a role may use, in order. */
export function sectionsFor(role: StaffRole, sections: readonly ConsoleSection[] = consoleSections) {
  return sections.filter((section) => staffMay(role, section.operation));
}

// The staff context's part of the GraphQL API (its SDL is the .graphql files beside): the
// composition root merges every context's resolvers into one schema.
import type { Resolvers } from '../generated/resolvers-types';
import { staffActivityResolvers } from './activity/resolvers';
import { staffCatalogueResolvers } from './catalogue-admin/catalogue-resolvers';
import { clientChangeResolvers } from './client-changes/resolvers';
import { staffClientResolvers } from './clients-resolvers';
import { guardFirst } from './guard-first';
import { staffOffersResolvers } from './offers/resolvers';
import { staffOutsideVisitResolvers } from './outside-visits/resolvers';
import { staffPhoneBookingResolvers } from './phone-booking/resolvers';
import { staffReportsResolvers } from './reports/resolvers';
import { staffRequestNoticeResolvers } from './request-notices/resolvers';
import { staffResolvers } from './resolvers';
import { staffSettingsResolvers } from './settings/settings-resolvers';
import { staffSetupResolvers } from './setup/resolvers';
import { staffTeamResolvers } from './team/team-resolvers';
import { staffVersionsResolvers } from './versions-resolvers';
import { staffWaitlistResolvers } from './waitlist-resolvers';

/** Each staff operation guarded before its resolver reads its arguments (guard-first.ts). */
export const resolvers: Resolvers[] = [
  staffResolvers,
  staffClientResolvers,
  staffWaitlistResolvers,
  staffVersionsResolvers,
  staffOffersResolvers,
  staffSetupResolvers,
  staffSettingsResolvers,
  staffActivityResolvers,
  staffReportsResolvers,
  staffTeamResolvers,
  staffCatalogueResolvers,
  staffRequestNoticeResolvers,
  staffPhoneBookingResolvers,
  staffOutsideVisitResolvers,
  clientChangeResolvers,
].map(guardFirst);

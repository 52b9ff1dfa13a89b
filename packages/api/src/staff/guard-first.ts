// Every staff operation is guarded before its resolver reads its arguments: a caller it is not for
// (signed out, a client, another marketplace's staff, a role without the permission) is refused with
// UNAUTHENTICATED or FORBIDDEN and never told what the input's rules are. The services guard again
// with what they read (an appointment's practitioner for 'own' permissions, the system actor's changes).
import type { StaffOperation } from '@atrium/domain';
import type { GraphQLFieldResolver } from 'graphql';
import { z } from 'zod';
import type { Resolvers } from '../generated/resolvers-types';
import type { GraphQLContext } from '../graphql-context';
import { parseInput } from '../kernel/graphql-errors';
import { marketplaceIdInput } from '../kernel/id-input';
import { requireStaff } from './access';
import { withStaffErrors } from './resolvers';

/** Each staff operation of the schema (a Query or Mutation field) and the permission it needs. */
export const staffFieldOperations: Readonly<Record<string, StaffOperation>> = {
  // Running the day.
  staffRequests: 'viewRequests',
  staffRequestPage: 'viewRequests',
  staffConfirmAppointment: 'confirmAppointment',
  staffDeclineAppointment: 'declineAppointment',
  staffCompleteAppointment: 'completeAppointment',
  staffCancelAppointment: 'cancelAppointment',
  staffRefundPayment: 'refundPayment',
  staffMarkNoShow: 'markNoShow',
  staffRescheduleOptions: 'rescheduleAppointment',
  staffRescheduleAppointment: 'rescheduleAppointment',
  staffAddOutsideVisit: 'recordOutsideVisits',
  staffRemoveOutsideVisit: 'recordOutsideVisits',
  staffClientCards: 'createBooking',
  staffBookingQuote: 'createBooking',
  staffCreateBooking: 'createBooking',
  staffWaitlist: 'viewWaitlist',
  staffFreedTimes: 'viewWaitlist',
  staffOfferWaitlistSlot: 'offerWaitlistSlot',
  staffClients: 'viewClients',
  staffClient: 'viewClients',
  staffUnreadRequestCount: 'followNewRequests',
  staffRequestNoticeSettings: 'followNewRequests',
  staffMarkRequestsSeen: 'followNewRequests',
  staffSetNewRequestMails: 'followNewRequests',
  // The versions of the app the marketplace's clients get.
  staffRemoteVersions: 'viewRemoteVersions',
  staffSetRemoteOverride: 'setRemoteOverride',
  staffRollbackRemoteOverride: 'rollbackRemoteOverride',
  staffClearRemoteOverride: 'clearRemoteOverride',
  staffStartRemotePreview: 'previewRemoteVersion',
  staffEndRemotePreview: 'previewRemoteVersion',
  // Setting the marketplace up and keeping its offer current.
  marketplaceSetup: 'viewSetup',
  makeMarketplaceLive: 'makeMarketplaceLive',
  takeMarketplaceOffline: 'makeMarketplaceLive',
  markPaymentSettingsReviewed: 'editSettings',
  activityLog: 'viewActivityLog',
  staffReport: 'viewReports',
  staffReportAppointmentsCsv: 'viewReports',
  staffReportPaymentsCsv: 'viewReports',
  staffCatalogue: 'editCatalogue',
  staffCreateCategory: 'editCatalogue',
  staffUpdateCategory: 'editCatalogue',
  staffCreateService: 'editCatalogue',
  staffUpdateService: 'editCatalogue',
  staffCreateAddOn: 'editCatalogue',
  staffUpdateAddOn: 'editCatalogue',
  staffReorderCategories: 'editCatalogue',
  staffReorderServices: 'editCatalogue',
  staffReorderServiceAddOns: 'editCatalogue',
  staffArchiveCategory: 'editCatalogue',
  staffUnarchiveCategory: 'editCatalogue',
  staffDeleteCategory: 'editCatalogue',
  staffArchiveProcedure: 'editCatalogue',
  staffUnarchiveProcedure: 'editCatalogue',
  staffDeleteProcedure: 'editCatalogue',
  staffSettings: 'editSettings',
  staffUpdateMarketplaceDetails: 'editSettings',
  staffCreateClinic: 'editSettings',
  staffUpdateClinic: 'editSettings',
  staffRemoveClinic: 'editSettings',
  staffReorderClinics: 'editSettings',
  staffUpdateServiceArea: 'editSettings',
  staffUpdateSchedulingRules: 'editSettings',
  staffUpdatePaymentSettings: 'editSettings',
  staffCreateCheckoutNote: 'editSettings',
  staffUpdateCheckoutNote: 'editSettings',
  staffRemoveCheckoutNote: 'editSettings',
  staffReorderCheckoutNotes: 'editSettings',
  staffPromoCodes: 'editOffers',
  staffMembershipDefinitions: 'editOffers',
  staffPackages: 'editOffers',
  staffOfferChoices: 'editOffers',
  staffCreatePromoCode: 'editOffers',
  staffUpdatePromoCode: 'editOffers',
  staffPausePromoCode: 'editOffers',
  staffResumePromoCode: 'editOffers',
  staffCreateMembershipDefinition: 'editOffers',
  staffUpdateMembershipDefinition: 'editOffers',
  staffRetireMembershipDefinition: 'editOffers',
  staffCreatePackage: 'editOffers',
  staffUpdatePackage: 'editOffers',
  staffRetirePackage: 'editOffers',
  // The team: read by every member (a practitioner member sees only themselves), changed by role.
  staffTeam: 'editTimeOff',
  staffMembers: 'editStaffMembers',
  staffSavePractitioner: 'editPractitioners',
  staffRemovePractitioner: 'editPractitioners',
  staffRestorePractitioner: 'editPractitioners',
  staffSetWorkingHours: 'editWorkingHours',
  staffSetDayHours: 'editWorkingHours',
  staffClearDayHours: 'editWorkingHours',
  staffAddTimeOff: 'editTimeOff',
  staffRemoveTimeOff: 'editTimeOff',
  staffInviteMember: 'editStaffMembers',
  staffChangeMemberRole: 'editStaffMembers',
  staffRemoveMember: 'editStaffMembers',
};

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
type Resolver = GraphQLFieldResolver<unknown, GraphQLContext, Record<string, unknown>>;

/** The resolvers, each staff operation among them run only once its caller passes the guard. */
export function guardFirst(resolvers: Resolvers): Resolvers {
  const guarded: Record<string, unknown> = { ...resolvers };
  for (const type of ['Query', 'Mutation'] as const) {
    const fields = resolvers[type] as Record<string, Resolver> | undefined;
    if (!fields) continue;
    guarded[type] = Object.fromEntries(
      Object.entries(fields).map(([field, resolve]) => {
        const operation = staffFieldOperations[field];
        return [field, operation ? guardedResolver(operation, resolve) : resolve];
      }),
    );
  }
  return guarded as Resolvers;
}

function guardedResolver(operation: StaffOperation, resolve: Resolver): Resolver {
  return async (parent, args, context, info) => {
    const { marketplaceId } = parseInput(marketplaceArgs, { marketplaceId: args.marketplaceId });
    const staff = { db: context.db, session: context.identity.session };
    await withStaffErrors(() => requireStaff(staff, marketplaceId, operation));
    return resolve(parent, args, context, info);
  };
}

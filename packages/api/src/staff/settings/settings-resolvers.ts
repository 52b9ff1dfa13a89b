// The settings' GraphQL operations: input checked with @atrium/domain's settings rules (the console's
// forms use the same), then the service; CLINIC_IN_USE for a clinic that was booked.
import {
  checkoutNoteRules,
  clinicRules,
  marketplaceDetailsRules,
  paymentSettingsRules,
  schedulingRules,
  serviceAreaRules,
} from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { ForbiddenError, UnauthenticatedError } from '../../identity';
import { parseInput, withServiceErrors } from '../../kernel/graphql-errors';
import { idInput, marketplaceIdInput } from '../../kernel/id-input';
import type { StaffContext } from '../access';
import { requireStaff } from '../access';
import { clinicOpeningHoursOf, readSettings } from './settings';
import {
  ClinicInUseError,
  createCheckoutNote,
  createClinic,
  removeCheckoutNote,
  removeClinic,
  reorderCheckoutNotes,
  reorderClinics,
  updateCheckoutNote,
  updateClinic,
  updateMarketplaceDetails,
  updatePaymentSettings,
  updateSchedulingRules,
  updateServiceArea,
} from './settings-changes';

const marketplaceArgs = z.object({ marketplaceId: marketplaceIdInput });
const clinicId = idInput('Clinic');
const noteId = idInput('Checkout question');
const withInput = <Rule extends z.core.$ZodType>(rule: Rule) => marketplaceArgs.extend({ input: rule });
const detailsArgs = withInput(marketplaceDetailsRules);
const clinicArgs = withInput(clinicRules);
const clinicUpdateArgs = clinicArgs.extend({ id: clinicId });
const clinicIdArgs = marketplaceArgs.extend({ id: clinicId });
const clinicOrderArgs = marketplaceArgs.extend({ ids: z.array(clinicId).max(500) });
const serviceAreaArgs = withInput(serviceAreaRules);
const schedulingArgs = withInput(schedulingRules);
const paymentArgs = withInput(paymentSettingsRules);
const noteArgs = withInput(checkoutNoteRules);
const noteUpdateArgs = noteArgs.extend({ id: noteId });
const noteIdArgs = marketplaceArgs.extend({ id: noteId });
const noteOrderArgs = marketplaceArgs.extend({ ids: z.array(noteId).max(500) });

const withSettingsErrors = <T>(call: () => Promise<T>): Promise<T> =>
  withServiceErrors(call, [
    { error: UnauthenticatedError, code: 'UNAUTHENTICATED' },
    { error: ForbiddenError, code: 'FORBIDDEN' },
    { error: ClinicInUseError, code: 'CLINIC_IN_USE' },
  ]);

const staffContext = ({
  db,
  identity,
}: {
  db: StaffContext['db'];
  identity: { session: StaffContext['session'] };
}) => ({
  db,
  session: identity.session,
});

export const staffSettingsResolvers: Resolvers = {
  Clinic: {
    openingHours: (clinic, _args, { db }) => clinicOpeningHoursOf(db, Number(clinic.id)),
  },
  Query: {
    staffSettings: (_parent, args, context) => {
      const { marketplaceId } = parseInput(marketplaceArgs, args);
      return withSettingsErrors(async () => {
        await requireStaff(staffContext(context), marketplaceId, 'editSettings');
        return readSettings(context.db, marketplaceId);
      });
    },
  },
  Mutation: {
    staffUpdateMarketplaceDetails: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(detailsArgs, args);
      return withSettingsErrors(() => updateMarketplaceDetails(staffContext(context), marketplaceId, input));
    },
    staffCreateClinic: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(clinicArgs, args);
      return withSettingsErrors(() => createClinic(staffContext(context), marketplaceId, input));
    },
    staffUpdateClinic: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(clinicUpdateArgs, args);
      return withSettingsErrors(() => updateClinic(staffContext(context), marketplaceId, id, input));
    },
    staffRemoveClinic: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(clinicIdArgs, args);
      return withSettingsErrors(() => removeClinic(staffContext(context), marketplaceId, id));
    },
    staffReorderClinics: (_parent, args, context) => {
      const { marketplaceId, ids } = parseInput(clinicOrderArgs, args);
      return withSettingsErrors(() => reorderClinics(staffContext(context), marketplaceId, ids));
    },
    staffUpdateServiceArea: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(serviceAreaArgs, args);
      return withSettingsErrors(() => updateServiceArea(staffContext(context), marketplaceId, input));
    },
    staffUpdateSchedulingRules: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(schedulingArgs, args);
      return withSettingsErrors(() => updateSchedulingRules(staffContext(context), marketplaceId, input));
    },
    staffUpdatePaymentSettings: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(paymentArgs, args);
      return withSettingsErrors(() => updatePaymentSettings(staffContext(context), marketplaceId, input));
    },
    staffCreateCheckoutNote: (_parent, args, context) => {
      const { marketplaceId, input } = parseInput(noteArgs, args);
      return withSettingsErrors(() => createCheckoutNote(staffContext(context), marketplaceId, input));
    },
    staffUpdateCheckoutNote: (_parent, args, context) => {
      const { marketplaceId, id, input } = parseInput(noteUpdateArgs, args);
      return withSettingsErrors(() => updateCheckoutNote(staffContext(context), marketplaceId, id, input));
    },
    staffRemoveCheckoutNote: (_parent, args, context) => {
      const { marketplaceId, id } = parseInput(noteIdArgs, args);
      return withSettingsErrors(() => removeCheckoutNote(staffContext(context), marketplaceId, id));
    },
    staffReorderCheckoutNotes: (_parent, args, context) => {
      const { marketplaceId, ids } = parseInput(noteOrderArgs, args);
      return withSettingsErrors(() => reorderCheckoutNotes(staffContext(context), marketplaceId, ids));
    },
  },
};

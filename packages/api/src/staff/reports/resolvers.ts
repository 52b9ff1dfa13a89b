import { REPORT_PERIOD_MESSAGES } from '@atrium/domain';
import { z } from 'zod';
import type { Resolvers } from '../../generated/resolvers-types';
import { parseInput } from '../../kernel/graphql-errors';
import { marketplaceIdInput } from '../../kernel/id-input';
import { withStaffErrors } from '../resolvers';
import { appointmentsCsv, paymentsCsv } from './report-exports';
import { staffReport } from './staff-report';

// Whether the dates are dates and make a period is the service's question, asked after the owner's
// guard; here only their length is bounded.
const reportArgs = z.object({
  marketplaceId: marketplaceIdInput,
  from: z.string().max(20, REPORT_PERIOD_MESSAGES.fromInvalid),
  to: z.string().max(20, REPORT_PERIOD_MESSAGES.toInvalid),
});

export const staffReportsResolvers: Resolvers = {
  Query: {
    staffReport: (_parent, args, { db, identity }) => {
      const input = parseInput(reportArgs, args);
      return withStaffErrors(() => staffReport({ db, session: identity.session }, input));
    },
    staffReportAppointmentsCsv: (_parent, args, { db, identity }) => {
      const input = parseInput(reportArgs, args);
      return withStaffErrors(() => appointmentsCsv({ db, session: identity.session }, input));
    },
    staffReportPaymentsCsv: (_parent, args, { db, identity }) => {
      const input = parseInput(reportArgs, args);
      return withStaffErrors(() => paymentsCsv({ db, session: identity.session }, input));
    },
  },
};

// '@atrium/graphql-client/staff-reports': the owner's Reports — a period's figures and its CSV
// exports. An entry of its own, bundled by the console only; operations run on the page's shared client.
import { execute } from '@atrium/graphql-client';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  StaffReportAppointmentsCsvDocument,
  StaffReportDocument,
  StaffReportPaymentsCsvDocument,
  type StaffReportQuery,
  type StaffReportUtilisationFieldsFragment,
} from '../generated/graphql';

export type StaffReport = StaffReportQuery['staffReport'];
export type StaffReportDay = StaffReport['days'][number];
export type StaffReportUtilisation = StaffReportUtilisationFieldsFragment;

/** A period of local dates (yyyy-MM-dd), both included. */
export interface ReportPeriod {
  from: string;
  to: string;
}

export const STAFF_REPORT_KEY = ['staffReport'] as const;

export function staffReportQueryOptions(marketplaceId: string, period: ReportPeriod) {
  return queryOptions({
    queryKey: [...STAFF_REPORT_KEY, marketplaceId, period.from, period.to] as const,
    queryFn: async ({ signal }) =>
      (await execute(StaffReportDocument, { marketplaceId, ...period }, { signal })).staffReport,
    enabled: marketplaceId !== '',
    // The figures move with every booking and payment: read them again whenever the section shows.
    staleTime: 0,
    refetchOnMount: 'always',
    meta: { persist: false },
  });
}

/** The marketplace's figures for a period (owner only). */
export function useStaffReport(marketplaceId: string, period: ReportPeriod) {
  return useQuery(staffReportQueryOptions(marketplaceId, period));
}

const exports = {
  appointments: async (marketplaceId: string, period: ReportPeriod) =>
    (await execute(StaffReportAppointmentsCsvDocument, { marketplaceId, ...period }))
      .staffReportAppointmentsCsv,
  payments: async (marketplaceId: string, period: ReportPeriod) =>
    (await execute(StaffReportPaymentsCsvDocument, { marketplaceId, ...period })).staffReportPaymentsCsv,
};

/**
 * One CSV export of a period ('appointments' or 'payments'), asked for when the owner downloads it:
 * a mutation in TanStack's terms (run on demand, never cached), though the API answers it as a query.
 */
export function useReportExport(kind: keyof typeof exports, marketplaceId: string) {
  return useMutation({ mutationFn: (period: ReportPeriod) => exports[kind](marketplaceId, period) });
}

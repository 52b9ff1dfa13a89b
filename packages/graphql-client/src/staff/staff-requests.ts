import type { RequestOptions } from '@atrium/graphql-client';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  StaffCancelAppointmentDocument,
  StaffCompleteAppointmentDocument,
  StaffConfirmAppointmentDocument,
  StaffDeclineAppointmentDocument,
  StaffMarkNoShowDocument,
  StaffRefundPaymentDocument,
  type StaffRefundPaymentMutation,
  type StaffRequestFieldsFragment,
  type StaffRequestFilter,
  StaffRequestPageDocument,
  type StaffRequestPageQuery,
  StaffRequestsDocument,
  StaffRescheduleAppointmentDocument,
  StaffRescheduleOptionsDocument,
  type StaffRescheduleOptionsQuery,
} from '../generated/graphql';
import { callIdentity } from '../identity/identity-call';

/** One appointment request as the front desk sees it in the console's inbox. */
export type StaffRequest = StaffRequestFieldsFragment;
/** A page of the inbox, with how many requests match in all. */
export type StaffRequestPage = StaffRequestPageQuery['staffRequestPage'];
/** A charge attempt of a request (confirmation or no-show fee), with its refunds. */
export type StaffPayment = StaffRequest['payments'][number];
export type { AppointmentStatus, StaffRequestFilter } from '../generated/graphql';

/** What a staff action did: the appointment's status now, and the reason a charge failed. */
export interface StaffActionResult {
  id: string;
  status: StaffRequest['status'];
  /** Cents collected by the action. */
  charged: number;
  failureReason?: string | null | undefined;
}

export const STAFF_REQUESTS_KEY = ['staffRequests'] as const;

/** How often an open inbox asks for new requests. */
export const STAFF_REQUESTS_REFRESH_MS = 10_000;

export async function fetchStaffRequests(
  marketplaceId: string,
  filter: StaffRequestFilter,
  options?: RequestOptions,
): Promise<StaffRequest[]> {
  return (await callIdentity(StaffRequestsDocument, { marketplaceId, filter }, options)).staffRequests;
}

/**
 * The marketplace's requests matching `filter`. New requests appear without a reload: the list is
 * asked for again every 10 s while shown and when the window regains focus (unlike the client
 * side's defaults). Never persisted: it holds clients' personal data.
 */
export function staffRequestsQueryOptions(marketplaceId: string, filter: StaffRequestFilter) {
  return queryOptions({
    queryKey: [...STAFF_REQUESTS_KEY, marketplaceId, filter] as const,
    queryFn: ({ signal }) => fetchStaffRequests(marketplaceId, filter, { signal }),
    enabled: marketplaceId !== '',
    staleTime: 0,
    gcTime: 60_000,
    refetchInterval: STAFF_REQUESTS_REFRESH_MS,
    refetchOnWindowFocus: true,
    meta: { persist: false },
  });
}

/**
 * A page of the inbox (20 requests), asked for again like the list; the page shown stays while the
 * next one loads.
 */
export function useStaffRequestPage(marketplaceId: string, filter: StaffRequestFilter, page: number) {
  return useQuery({
    queryKey: [...STAFF_REQUESTS_KEY, marketplaceId, 'page', filter, page] as const,
    queryFn: async ({ signal }) =>
      (await callIdentity(StaffRequestPageDocument, { marketplaceId, filter, page }, { signal }))
        .staffRequestPage,
    enabled: marketplaceId !== '',
    staleTime: 0,
    gcTime: 60_000,
    refetchInterval: STAFF_REQUESTS_REFRESH_MS,
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
    meta: { persist: false },
  });
}

export function useStaffRequests(marketplaceId: string, filter: StaffRequestFilter, enabled = true) {
  return useQuery({
    ...staffRequestsQueryOptions(marketplaceId, filter),
    enabled: enabled && marketplaceId !== '',
  });
}

export interface StaffActionVariables {
  marketplaceId: string;
  id: string;
}

export async function staffConfirmAppointment(variables: StaffActionVariables): Promise<StaffActionResult> {
  return (await callIdentity(StaffConfirmAppointmentDocument, variables)).staffConfirmAppointment;
}

export async function staffDeclineAppointment(
  variables: StaffActionVariables & { reason: string },
): Promise<StaffActionResult> {
  return (await callIdentity(StaffDeclineAppointmentDocument, variables)).staffDeclineAppointment;
}

export async function staffCompleteAppointment(variables: StaffActionVariables): Promise<StaffActionResult> {
  return (await callIdentity(StaffCompleteAppointmentDocument, variables)).staffCompleteAppointment;
}

/** A refund as the console asks for it: cents, and a key made once for this refund (a retry reuses it). */
export interface StaffRefundInput {
  amount: number;
  requestKey: string;
}

export async function staffCancelAppointment(
  variables: StaffActionVariables & { reason?: string | null; refund?: StaffRefundInput | null },
): Promise<StaffActionResult> {
  return (await callIdentity(StaffCancelAppointmentDocument, variables)).staffCancelAppointment;
}

export async function staffMarkNoShow(variables: StaffActionVariables): Promise<StaffActionResult> {
  return (await callIdentity(StaffMarkNoShowDocument, variables)).staffMarkNoShow;
}

export type StaffRefundResult = StaffRefundPaymentMutation['staffRefundPayment'];

export async function staffRefundPayment(variables: {
  marketplaceId: string;
  paymentId: string;
  refund: StaffRefundInput;
  reason?: string | null;
}): Promise<StaffRefundResult> {
  return (await callIdentity(StaffRefundPaymentDocument, variables)).staffRefundPayment;
}

/** Every staff action: afterwards (done or refused) the requests are asked for again. */
function useStaffAction<V>(action: (variables: V) => Promise<StaffActionResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_KEY }),
  });
}

export const useStaffConfirmAppointment = () => useStaffAction(staffConfirmAppointment);
export const useStaffDeclineAppointment = () => useStaffAction(staffDeclineAppointment);
export const useStaffCompleteAppointment = () => useStaffAction(staffCompleteAppointment);
export const useStaffCancelAppointment = () => useStaffAction(staffCancelAppointment);
export const useStaffMarkNoShow = () => useStaffAction(staffMarkNoShow);

/** A refund: afterwards (done or refused) the requests, with their payments, are asked for again. */
export function useStaffRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: staffRefundPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_REQUESTS_KEY }),
  });
}

/** The free times of a day to move an appointment to, per practitioner. */
export type StaffRescheduleOptions = StaffRescheduleOptionsQuery['staffRescheduleOptions'];

/**
 * The day's free times for moving the appointment (asked again each time: fresh times only); off
 * until a date is chosen.
 */
export function useStaffRescheduleOptions(marketplaceId: string, id: string, date: string | null) {
  return useQuery({
    queryKey: ['staffRescheduleOptions', marketplaceId, id, date] as const,
    queryFn: async ({ signal }) =>
      (
        await callIdentity(
          StaffRescheduleOptionsDocument,
          { marketplaceId, id, date: date ?? '' },
          { signal },
        )
      ).staffRescheduleOptions,
    enabled: Boolean(date),
    staleTime: 0,
    gcTime: 0,
    meta: { persist: false },
  });
}

export async function staffRescheduleAppointment(
  variables: StaffActionVariables & { date: string; time: string; practitionerId: string },
): Promise<StaffActionResult> {
  return (await callIdentity(StaffRescheduleAppointmentDocument, variables)).staffRescheduleAppointment;
}

export const useStaffRescheduleAppointment = () => useStaffAction(staffRescheduleAppointment);

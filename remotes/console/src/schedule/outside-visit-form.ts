// The form of a visit booked outside Atrium: what the dialog holds, the domain's rules for the day,
// times and note (`outsideVisitForm`, the API's too), and the variables it sends.
import { formatTimeOfDay, OUTSIDE_VISIT_MESSAGES, PHONE_BOOKING_MESSAGES } from '@atrium/domain';
import type { StaffOutsideVisitVariables } from '@atrium/graphql-client/staff';
import type { ClientAddress } from '../shared/client-address-search';
import { AT_HOME } from './use-schedule-params';

/** The client's address as the place search resolved it. */
export type VisitAddress = ClientAddress;

/** The dialog's values as typed. */
export interface OutsideVisitValues {
  practitionerId: string;
  /** A clinic's id, AT_HOME, or '' before one is chosen. */
  place: string;
  /** Chosen by the place search while `place` is AT_HOME. */
  address: VisitAddress | null;
  /** yyyy-MM-dd, local to the place. */
  date: string;
  /** 'HH:mm', local to the place. */
  start: string;
  end: string;
  note: string;
}

/** What `outsideVisitForm` gives for valid values: the times as minutes after midnight. */
export interface OutsideVisitTimes {
  date: string;
  start: number;
  end: number;
  note: string | null;
}

/** A new visit on the schedule's day, with the practitioner and place the schedule is narrowed to. */
export function newVisit(day: string, place: string, practitionerId: string): OutsideVisitValues {
  return { practitionerId, place, address: null, date: day, start: '', end: '', note: '' };
}

export type ChoiceField = 'practitionerId' | 'place';

/**
 * What the domain's form rules leave to the choices (the API checks them as ids): a practitioner,
 * and a clinic or a found address, in the domain's words.
 */
export function choiceProblems(values: OutsideVisitValues): Partial<Record<ChoiceField, string>> {
  const problems: Partial<Record<ChoiceField, string>> = {};
  if (!values.practitionerId) problems.practitionerId = OUTSIDE_VISIT_MESSAGES.practitionerRequired;
  if (!values.place || (values.place === AT_HOME && !values.address)) {
    problems.place = PHONE_BOOKING_MESSAGES.place;
  }
  return problems;
}

/** The mutation's variables from the values and what the rules made of them (times as 'HH:mm'). */
export function visitVariables(
  marketplaceId: string,
  values: OutsideVisitValues,
  valid: OutsideVisitTimes,
): StaffOutsideVisitVariables {
  const atHome = values.place === AT_HOME;
  return {
    marketplaceId,
    input: {
      practitionerId: values.practitionerId,
      organizationId: atHome ? null : values.place,
      address: atHome ? values.address : null,
      date: valid.date,
      start: formatTimeOfDay(valid.start),
      end: formatTimeOfDay(valid.end),
      note: valid.note,
    },
  };
}

/** Whether anything was typed or chosen since the dialog opened. */
export function visitChanged(values: OutsideVisitValues, initial: OutsideVisitValues): boolean {
  return (Object.keys(initial) as (keyof OutsideVisitValues)[]).some((key) => values[key] !== initial[key]);
}

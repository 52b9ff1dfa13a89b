// A marketplace's settings as the console reads them: details and branding, clinics with opening
// hours, the at-home area, scheduling rules, payment settings and checkout questions.
import { type ClientChangeMode, DEFAULT_CLIENT_CHANGE_POLICY, timeOfMinutes } from '@atrium/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { checkoutNoteDefinitions, type checkoutNoteTypes, clinics } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { NotFoundError } from '../../kernel/errors';
import { marketplaces, type paymentCollectionMethods, type paymentDepositTypes } from '../../kernel/tables';
import { schedulingSettings } from '../../scheduling';
import { clinicOpeningHours } from './tables';

/** What scheduling follows when the marketplace never set its rules (the table's defaults). */
export const DEFAULT_SCHEDULING_RULES = {
  slotStepMinutes: 15,
  minimumNoticeMinutes: 120,
  bookingHorizonMonths: 12,
  clientChanges: DEFAULT_CLIENT_CHANGE_POLICY.mode as ClientChangeMode,
  clientChangeCutoffHours: DEFAULT_CLIENT_CHANGE_POLICY.cutoffHours,
};

export interface OpeningHoursView {
  weekday: number;
  opens: string;
  closes: string;
}

export interface SettingsClinicView {
  id: string;
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  latitude: number;
  longitude: number;
  openingHours: OpeningHoursView[];
  inUse: boolean;
}

export interface StaffSettingsView {
  marketplaceId: string;
  details: {
    name: string;
    phone: string | null;
    logo: string | null;
    favicon: string | null;
    primaryColor: string;
  };
  clinics: SettingsClinicView[];
  serviceArea: {
    providesAtHome: boolean;
    kind: 'radius' | 'zip_codes' | null;
    latitude: number | null;
    longitude: number | null;
    radiusKm: number | null;
    zipCodes: string[];
    travelFeeCents: number;
  };
  schedulingRules: typeof DEFAULT_SCHEDULING_RULES;
  paymentSettings: {
    hasPaymentPolicy: boolean;
    paymentPolicyName: string | null;
    paymentPolicyText: string | null;
    requirePaymentPolicyAttestation: boolean;
    paymentCollectionMethod: (typeof paymentCollectionMethods)[number];
    paymentDepositType: (typeof paymentDepositTypes)[number] | null;
    paymentDepositValue: number | null;
    noShowFeeCents: number | null;
  };
  checkoutNotes: {
    id: string;
    index: number;
    label: string;
    type: (typeof checkoutNoteTypes)[number];
    isRequired: boolean;
    options: { placeholder: string | null; values: string[] } | null;
  }[];
}

type MarketplaceRow = typeof marketplaces.$inferSelect;

function serviceAreaOf(row: MarketplaceRow): StaffSettingsView['serviceArea'] {
  const circle = row.serviceAreaRadiusKm !== null;
  return {
    providesAtHome: row.providesAtHome,
    kind: circle ? 'radius' : row.serviceAreaZipCodes.length > 0 ? 'zip_codes' : null,
    latitude: row.serviceAreaLatitude,
    longitude: row.serviceAreaLongitude,
    radiusKm: row.serviceAreaRadiusKm,
    zipCodes: row.serviceAreaZipCodes,
    travelFeeCents: row.travelFeeCents,
  };
}

function paymentSettingsOf(row: MarketplaceRow): StaffSettingsView['paymentSettings'] {
  return {
    hasPaymentPolicy: row.hasPaymentPolicy,
    paymentPolicyName: row.paymentPolicyName,
    paymentPolicyText: row.paymentPolicyText,
    requirePaymentPolicyAttestation: row.requirePaymentPolicyAttestation,
    paymentCollectionMethod: row.paymentCollectionMethod,
    paymentDepositType: row.paymentDepositType,
    paymentDepositValue: row.paymentDepositValue,
    noShowFeeCents: row.noShowFeeCents,
  };
}

/** The marketplace's row; NOT_FOUND when there is none. */
export async function marketplaceRow(db: Db, marketplaceId: number): Promise<MarketplaceRow> {
  const [row] = await db.select().from(marketplaces).where(eq(marketplaces.id, marketplaceId));
  if (!row) throw new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  return row;
}

/**
 * Whether an appointment or an appointment request names the clinic: then it stays. The outer column
 * is named in full: Drizzle writes a lone table's columns unqualified, which the subquery would take as its own.
 */
const clinicInUse = sql<boolean>`exists (select 1 from appointments a where a.organization_id = clinics.id)
  or exists (select 1 from appointment_requests r where r.organization_id = clinics.id)`;

export async function settingsClinics(db: Db, marketplaceId: number): Promise<SettingsClinicView[]> {
  const rows = await db
    .select({
      id: clinics.id,
      name: clinics.name,
      address: clinics.address,
      phone: clinics.phone,
      timeZone: clinics.timeZone,
      latitude: clinics.latitude,
      longitude: clinics.longitude,
      inUse: clinicInUse,
      openingHours: sql<{ weekday: number; start: number; end: number }[]>`coalesce((
        select json_agg(json_build_object('weekday', h.weekday, 'start', h.start_minute, 'end', h.end_minute)
          order by h.weekday, h.start_minute)
        from clinic_opening_hours h where h.clinic_id = clinics.id), '[]'::json)`,
    })
    .from(clinics)
    .where(eq(clinics.marketplaceId, marketplaceId))
    .orderBy(asc(clinics.position), asc(clinics.id));
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    inUse: Boolean(row.inUse),
    openingHours: row.openingHours.map((hour) => ({
      weekday: hour.weekday,
      opens: timeOfMinutes(hour.start),
      closes: timeOfMinutes(hour.end),
    })),
  }));
}

export async function settingsCheckoutNotes(db: Db, marketplaceId: number) {
  const rows = await db
    .select()
    .from(checkoutNoteDefinitions)
    .where(eq(checkoutNoteDefinitions.marketplaceId, marketplaceId))
    .orderBy(asc(checkoutNoteDefinitions.index));
  return rows.map((row) => ({
    id: String(row.id),
    index: row.index,
    label: row.label,
    type: row.type,
    isRequired: row.isRequired,
    options: row.options
      ? { placeholder: row.options.placeholder ?? null, values: row.options.values ?? [] }
      : null,
  }));
}

export async function settingsSchedulingRules(db: Db, marketplaceId: number) {
  const [row] = await db
    .select({
      slotStepMinutes: schedulingSettings.slotStepMinutes,
      minimumNoticeMinutes: schedulingSettings.minimumNoticeMinutes,
      bookingHorizonMonths: schedulingSettings.bookingHorizonMonths,
      clientChanges: schedulingSettings.clientChanges,
      clientChangeCutoffHours: schedulingSettings.clientChangeCutoffHours,
    })
    .from(schedulingSettings)
    .where(eq(schedulingSettings.marketplaceId, marketplaceId));
  return row ?? DEFAULT_SCHEDULING_RULES;
}

/** Everything the settings section shows. NOT_FOUND for an unknown marketplace. */
export async function readSettings(db: Db, marketplaceId: number): Promise<StaffSettingsView> {
  const row = await marketplaceRow(db, marketplaceId);
  return {
    marketplaceId: String(marketplaceId),
    details: {
      name: row.name,
      phone: row.phone,
      logo: row.logo,
      favicon: row.favicon,
      primaryColor: row.primaryColor,
    },
    clinics: await settingsClinics(db, marketplaceId),
    serviceArea: serviceAreaOf(row),
    schedulingRules: await settingsSchedulingRules(db, marketplaceId),
    paymentSettings: paymentSettingsOf(row),
    checkoutNotes: await settingsCheckoutNotes(db, marketplaceId),
  };
}

/** One clinic's opening hours, for the public Clinic type (a marketplace lists a handful of clinics). */
export async function clinicOpeningHoursOf(db: Db, clinicId: number): Promise<OpeningHoursView[]> {
  const rows = await db
    .select({
      weekday: clinicOpeningHours.weekday,
      start: clinicOpeningHours.startMinute,
      end: clinicOpeningHours.endMinute,
    })
    .from(clinicOpeningHours)
    .where(eq(clinicOpeningHours.clinicId, clinicId))
    .orderBy(asc(clinicOpeningHours.weekday), asc(clinicOpeningHours.startMinute));
  return rows.map((row) => ({
    weekday: row.weekday,
    opens: timeOfMinutes(row.start),
    closes: timeOfMinutes(row.end),
  }));
}

// The settings' changes, each through changeAsStaff (editSettings): the guard, the change, its
// activity-log row with before and after, and the marketplace's revision for the public cache.
import {
  type CheckoutNoteInput,
  type ClinicSettings,
  type MarketplaceDetails,
  minutesOfTime,
  type PaymentSettingsInput,
  type SchedulingRules,
  type ServiceAreaSettings,
} from '@atrium/domain';
import { and, eq, sql } from 'drizzle-orm';
import { checkoutNoteDefinitions, clinics } from '../../catalogue';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../../kernel/errors';
import { marketplaces } from '../../kernel/tables';
import { schedulingSettings } from '../../scheduling';
import type { StaffContext } from '../access';
import { type CreateOptions, changeAsStaff, fixedId } from '../changes';
import {
  marketplaceRow,
  readSettings,
  type SettingsClinicView,
  type StaffSettingsView,
  settingsCheckoutNotes,
  settingsClinics,
  settingsSchedulingRules,
} from './settings';
import { clinicOpeningHours } from './tables';

/** A clinic that an appointment or request was made at: removing it would rewrite their history. */
export class ClinicInUseError extends Error {
  override readonly name = 'ClinicInUseError';
}

export const settingsMessages = {
  clinicInUse: 'This clinic has appointments or requests, so it cannot be removed.',
  clinicOrder: 'The order must list every clinic of the marketplace once.',
  noteOrder: 'The order must list every checkout question of the marketplace once.',
} as const;

type Change = (tx: Db) => Promise<{ subject: string; before: unknown; after: unknown }>;

/** Runs one settings change and answers the settings as they are after it. */
function changeSettings(
  context: StaffContext,
  marketplaceId: number,
  action: string,
  change: Change,
): Promise<StaffSettingsView> {
  return changeAsStaff(context, marketplaceId, 'editSettings', action, async (tx) => {
    const done = await change(tx);
    return { ...done, result: await readSettings(tx, marketplaceId) };
  });
}

export function updateMarketplaceDetails(
  context: StaffContext,
  marketplaceId: number,
  input: MarketplaceDetails,
) {
  return changeSettings(context, marketplaceId, 'settings.details.update', async (tx) => {
    const row = await marketplaceRow(tx, marketplaceId);
    await tx.update(marketplaces).set(input).where(eq(marketplaces.id, marketplaceId));
    const before = {
      name: row.name,
      phone: row.phone,
      logo: row.logo,
      favicon: row.favicon,
      primaryColor: row.primaryColor,
    };
    return { subject: 'Details and branding', before, after: input };
  });
}

const clinicRow = (marketplaceId: number, input: ClinicSettings) => ({
  marketplaceId,
  name: input.name,
  address: input.address,
  phone: input.phone,
  timeZone: input.timeZone,
  latitude: input.latitude,
  longitude: input.longitude,
});

async function replaceOpeningHours(tx: Db, marketplaceId: number, clinicId: number, input: ClinicSettings) {
  await tx.delete(clinicOpeningHours).where(eq(clinicOpeningHours.clinicId, clinicId));
  if (input.openingHours.length === 0) return;
  await tx.insert(clinicOpeningHours).values(
    input.openingHours.map((hour) => ({
      marketplaceId,
      clinicId,
      weekday: hour.weekday,
      startMinute: minutesOfTime(hour.opens) ?? 0,
      endMinute: minutesOfTime(hour.closes) ?? 0,
    })),
  );
}

/** The marketplace's clinic by id, as the settings show it; NOT_FOUND when it has none such. */
async function clinicOf(tx: Db, marketplaceId: number, clinicId: number): Promise<SettingsClinicView> {
  const clinic = (await settingsClinics(tx, marketplaceId)).find((item) => item.id === String(clinicId));
  if (!clinic) throw new NotFoundError(`Clinic ${clinicId} was not found.`);
  return clinic;
}

const withoutUse = ({ inUse: _inUse, ...clinic }: SettingsClinicView) => clinic;

export function createClinic(
  context: StaffContext,
  marketplaceId: number,
  input: ClinicSettings,
  options: CreateOptions = {},
) {
  return changeSettings(context, marketplaceId, 'settings.clinic.create', async (tx) => {
    const [created] = await tx
      .insert(clinics)
      .values({
        ...fixedId(options),
        ...clinicRow(marketplaceId, input),
        position: sql`(select coalesce(max(position) + 1, 0) from clinics where marketplace_id = ${marketplaceId})`,
      })
      .returning({ id: clinics.id });
    if (!created) throw new Error('The clinic was not created');
    await replaceOpeningHours(tx, marketplaceId, created.id, input);
    return { subject: `Clinic “${input.name}”`, before: null, after: { id: String(created.id), ...input } };
  });
}

export function updateClinic(
  context: StaffContext,
  marketplaceId: number,
  clinicId: number,
  input: ClinicSettings,
) {
  return changeSettings(context, marketplaceId, 'settings.clinic.update', async (tx) => {
    const before = withoutUse(await clinicOf(tx, marketplaceId, clinicId));
    await tx
      .update(clinics)
      .set(clinicRow(marketplaceId, input))
      .where(and(eq(clinics.id, clinicId), eq(clinics.marketplaceId, marketplaceId)));
    await replaceOpeningHours(tx, marketplaceId, clinicId, input);
    return { subject: `Clinic “${input.name}”`, before, after: { id: String(clinicId), ...input } };
  });
}

export function removeClinic(context: StaffContext, marketplaceId: number, clinicId: number) {
  return changeSettings(context, marketplaceId, 'settings.clinic.remove', async (tx) => {
    const clinic = await clinicOf(tx, marketplaceId, clinicId);
    if (clinic.inUse) throw new ClinicInUseError(settingsMessages.clinicInUse);
    await tx.delete(clinics).where(and(eq(clinics.id, clinicId), eq(clinics.marketplaceId, marketplaceId)));
    return { subject: `Clinic “${clinic.name}”`, before: withoutUse(clinic), after: null };
  });
}

/** `ids` as a permutation of `current`, or BAD_USER_INPUT with `message`. */
function checkOrder(ids: readonly number[], current: readonly string[], message: string): void {
  const asked = ids.map(String);
  const same =
    asked.length === current.length &&
    new Set(asked).size === asked.length &&
    asked.every((id) => current.includes(id));
  if (!same) throw new InvalidInputError(message);
}

export function reorderClinics(context: StaffContext, marketplaceId: number, ids: readonly number[]) {
  return changeSettings(context, marketplaceId, 'settings.clinic.reorder', async (tx) => {
    const current = await settingsClinics(tx, marketplaceId);
    checkOrder(
      ids,
      current.map((clinic) => clinic.id),
      settingsMessages.clinicOrder,
    );
    for (const [position, id] of ids.entries()) {
      await tx
        .update(clinics)
        .set({ position })
        .where(and(eq(clinics.id, id), eq(clinics.marketplaceId, marketplaceId)));
    }
    return {
      subject: 'Clinics’ order',
      before: current.map((clinic) => clinic.id),
      after: ids.map(String),
    };
  });
}

export function updateServiceArea(context: StaffContext, marketplaceId: number, input: ServiceAreaSettings) {
  return changeSettings(context, marketplaceId, 'settings.service-area.update', async (tx) => {
    const before = (await readSettings(tx, marketplaceId)).serviceArea;
    await tx
      .update(marketplaces)
      .set({
        providesAtHome: input.providesAtHome,
        serviceAreaLatitude: input.circle?.latitude ?? null,
        serviceAreaLongitude: input.circle?.longitude ?? null,
        serviceAreaRadiusKm: input.circle?.radiusKm ?? null,
        serviceAreaZipCodes: input.zipCodes,
        travelFeeCents: input.travelFeeCents,
      })
      .where(eq(marketplaces.id, marketplaceId));
    return { subject: 'At-home service area', before, after: input };
  });
}

export function updateSchedulingRules(context: StaffContext, marketplaceId: number, input: SchedulingRules) {
  return changeSettings(context, marketplaceId, 'settings.scheduling.update', async (tx) => {
    const before = await settingsSchedulingRules(tx, marketplaceId);
    await tx
      .insert(schedulingSettings)
      .values({ marketplaceId, ...input })
      .onConflictDoUpdate({ target: schedulingSettings.marketplaceId, set: input });
    return { subject: 'Scheduling rules', before, after: input };
  });
}

export function updatePaymentSettings(
  context: StaffContext,
  marketplaceId: number,
  input: PaymentSettingsInput,
) {
  return changeSettings(context, marketplaceId, 'settings.payments.update', async (tx) => {
    const before = (await readSettings(tx, marketplaceId)).paymentSettings;
    await tx.update(marketplaces).set(input).where(eq(marketplaces.id, marketplaceId));
    return { subject: 'Payment settings', before, after: input };
  });
}

/** The marketplace's checkout question by id; NOT_FOUND when it has none such. */
async function noteOf(tx: Db, marketplaceId: number, noteId: number) {
  const note = (await settingsCheckoutNotes(tx, marketplaceId)).find((item) => item.id === String(noteId));
  if (!note) throw new NotFoundError(`Checkout question ${noteId} was not found.`);
  return note;
}

/**
 * Numbers the questions 0, 1, … in `ids`' order. The index is unique per marketplace, so every
 * question first moves out of the way, then to its place.
 */
async function renumberNotes(tx: Db, marketplaceId: number, ids: readonly number[]) {
  await tx
    .update(checkoutNoteDefinitions)
    .set({ index: sql`${checkoutNoteDefinitions.index} + 1000000` })
    .where(eq(checkoutNoteDefinitions.marketplaceId, marketplaceId));
  for (const [index, id] of ids.entries()) {
    await tx
      .update(checkoutNoteDefinitions)
      .set({ index })
      .where(
        and(eq(checkoutNoteDefinitions.id, id), eq(checkoutNoteDefinitions.marketplaceId, marketplaceId)),
      );
  }
}

export function createCheckoutNote(
  context: StaffContext,
  marketplaceId: number,
  input: CheckoutNoteInput,
  options: CreateOptions = {},
) {
  return changeSettings(context, marketplaceId, 'settings.checkout-note.create', async (tx) => {
    const [created] = await tx
      .insert(checkoutNoteDefinitions)
      .values({
        ...fixedId(options),
        marketplaceId,
        ...input,
        index: sql`(select coalesce(max(index) + 1, 0) from checkout_note_definitions where marketplace_id = ${marketplaceId})`,
      })
      .returning({ id: checkoutNoteDefinitions.id });
    return {
      subject: `Checkout question “${input.label}”`,
      before: null,
      after: { id: String(created?.id), ...input },
    };
  });
}

export function updateCheckoutNote(
  context: StaffContext,
  marketplaceId: number,
  noteId: number,
  input: CheckoutNoteInput,
) {
  return changeSettings(context, marketplaceId, 'settings.checkout-note.update', async (tx) => {
    const before = await noteOf(tx, marketplaceId, noteId);
    await tx
      .update(checkoutNoteDefinitions)
      .set(input)
      .where(
        and(eq(checkoutNoteDefinitions.id, noteId), eq(checkoutNoteDefinitions.marketplaceId, marketplaceId)),
      );
    return { subject: `Checkout question “${input.label}”`, before, after: { id: before.id, ...input } };
  });
}

export function removeCheckoutNote(context: StaffContext, marketplaceId: number, noteId: number) {
  return changeSettings(context, marketplaceId, 'settings.checkout-note.remove', async (tx) => {
    const before = await noteOf(tx, marketplaceId, noteId);
    await tx.delete(checkoutNoteDefinitions).where(eq(checkoutNoteDefinitions.id, noteId));
    const rest = (await settingsCheckoutNotes(tx, marketplaceId)).map((note) => Number(note.id));
    await renumberNotes(tx, marketplaceId, rest);
    return { subject: `Checkout question “${before.label}”`, before, after: null };
  });
}

export function reorderCheckoutNotes(context: StaffContext, marketplaceId: number, ids: readonly number[]) {
  return changeSettings(context, marketplaceId, 'settings.checkout-note.reorder', async (tx) => {
    const current = (await settingsCheckoutNotes(tx, marketplaceId)).map((note) => note.id);
    checkOrder(ids, current, settingsMessages.noteOrder);
    await renumberNotes(tx, marketplaceId, ids);
    return { subject: 'Checkout questions’ order', before: current, after: ids.map(String) };
  });
}

// A demo marketplace's creation and settings, through the operator's and the Settings section's
// services: created when missing (with its fixed ids), then each setting changed only where it differs
// from the demo's, so a second run changes nothing.
import {
  checkoutNoteRules,
  clinicRules,
  marketplaceDetailsRules,
  paymentSettingsRules,
  schedulingRules,
  serviceAreaRules,
} from '@atrium/domain';
import { eq } from 'drizzle-orm';
import { marketplaceGroups, marketplaces } from '../../kernel/tables';
import {
  createCheckoutNote,
  createClinic,
  createMarketplace,
  readSettings,
  removeCheckoutNote,
  updateCheckoutNote,
  updateClinic,
  updateMarketplaceDetails,
  updatePaymentSettings,
  updateSchedulingRules,
  updateServiceArea,
} from '../../staff';
import type { DemoCheckoutNote, DemoMarketplace } from './demo-marketplace';
import { demoSchedulingSettings } from './demo-schedules';
import { demoStaff } from './demo-staff';
import { operatorDeps, type SeedContext, sameValues } from './seed-context';

type Settings = Awaited<ReturnType<typeof readSettings>>;

/** Creates the demo marketplace as the operator would (closed, its owner on the staff) when missing. */
export async function ensureMarketplace(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  const { id, name, providesAtHome } = demo.marketplace;
  const [existing] = await context.db
    .select({ id: marketplaces.id })
    .from(marketplaces)
    .where(eq(marketplaces.id, id));
  if (existing) return;
  const owner = demoStaff.find((member) => member.marketplaceId === id && member.role === 'owner');
  if (!owner) throw new Error(`Demo marketplace ${id} has no owner.`);
  const [group] = await context.db
    .select({ id: marketplaceGroups.id })
    .from(marketplaceGroups)
    .where(eq(marketplaceGroups.id, demo.group.id));
  await createMarketplace(
    operatorDeps(context),
    {
      name,
      group: group ? { id: group.id } : { name: demo.group.name },
      providesAtHome: providesAtHome ?? false,
      timeZone: demo.clinics[0]?.timeZone ?? 'America/New_York',
      ownerEmail: owner.email,
    },
    { system: context.system, marketplaceId: id, groupId: demo.group.id },
  );
}

/** Details and branding, the at-home area, payment settings and scheduling rules. */
export async function seedSettings(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  const m = demo.marketplace;
  let settings = await readSettings(context.db, m.id);
  const details = marketplaceDetailsRules.parse({
    name: m.name,
    phone: m.phone ?? null,
    logo: m.logo ?? null,
    favicon: m.favicon ?? null,
    primaryColor: m.primaryColor,
  });
  if (!sameValues(settings.details, details))
    settings = await updateMarketplaceDetails(context, m.id, details);
  const area = serviceAreaRules.parse({
    providesAtHome: m.providesAtHome ?? false,
    kind: m.serviceAreaZipCodes?.length ? 'zip_codes' : 'radius',
    latitude: m.serviceAreaLatitude ?? null,
    longitude: m.serviceAreaLongitude ?? null,
    radiusKm: m.serviceAreaRadiusKm ?? null,
    zipCodes: m.serviceAreaZipCodes ?? [],
    travelFeeCents: m.travelFeeCents ?? 0,
  });
  if (!sameValues(storedArea(settings), area)) settings = await updateServiceArea(context, m.id, area);
  const payment = paymentSettingsRules.parse({ ...settings.paymentSettings, ...demoPayment(demo) });
  if (!sameValues(settings.paymentSettings, payment)) await updatePaymentSettings(context, m.id, payment);
  const demoRules = demoSchedulingSettings.find((rules) => rules.marketplaceId === m.id);
  const { marketplaceId: _id, ...wanted } = demoRules ?? { marketplaceId: m.id };
  const rules = schedulingRules.parse({ ...settings.schedulingRules, ...wanted });
  if (!sameValues(settings.schedulingRules, rules)) await updateSchedulingRules(context, m.id, rules);
}

/** The stored at-home area as the service area's input says it. */
function storedArea({ serviceArea: area }: Settings) {
  const circle =
    area.latitude !== null && area.longitude !== null && area.radiusKm !== null
      ? { latitude: area.latitude, longitude: area.longitude, radiusKm: area.radiusKm }
      : null;
  const { providesAtHome, zipCodes, travelFeeCents } = area;
  return { providesAtHome, circle, zipCodes, travelFeeCents };
}

function demoPayment({ marketplace: m }: DemoMarketplace) {
  return {
    paymentCollectionMethod: m.paymentCollectionMethod ?? 'collect_on_confirmation',
    paymentDepositType: m.paymentDepositType ?? null,
    paymentDepositValue: m.paymentDepositValue ?? null,
    hasPaymentPolicy: m.hasPaymentPolicy ?? false,
    paymentPolicyName: m.paymentPolicyName ?? null,
    paymentPolicyText: m.paymentPolicyText ?? null,
    requirePaymentPolicyAttestation: m.requirePaymentPolicyAttestation ?? false,
  };
}

/** The demo's clinics, in its order; clinics added by other means are kept. */
export async function seedClinics(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  const stored = (await readSettings(context.db, demo.marketplace.id)).clinics;
  for (const clinic of demo.clinics) {
    const { id, ...fields } = clinic;
    const input = clinicRules.parse({ ...fields, openingHours: [] });
    const current = stored.find((item) => item.id === String(id));
    if (!current) await createClinic(context, demo.marketplace.id, input, { id });
    else {
      const { id: _id, inUse: _inUse, ...values } = current;
      if (!sameValues(values, input)) await updateClinic(context, demo.marketplace.id, id, input);
    }
  }
}

/** The checkout questions become exactly the demo's, in its order, keeping their ids. */
export async function seedCheckoutNotes(context: SeedContext, demo: DemoMarketplace): Promise<void> {
  const marketplaceId = demo.marketplace.id;
  const wantedIds = demo.checkoutNotes.map((note) => String(note.id));
  for (const note of (await readSettings(context.db, marketplaceId)).checkoutNotes) {
    if (!wantedIds.includes(note.id)) await removeCheckoutNote(context, marketplaceId, Number(note.id));
  }
  const stored = (await readSettings(context.db, marketplaceId)).checkoutNotes;
  for (const note of demo.checkoutNotes) {
    const input = noteInput(note);
    const current = stored.find((item) => item.id === String(note.id));
    if (!current) await createCheckoutNote(context, marketplaceId, input, { id: note.id });
    else if (!sameValues(noteInput({ ...current, id: note.id }), input)) {
      await updateCheckoutNote(context, marketplaceId, note.id, input);
    }
  }
}

/** A question as the settings form sends it, checked by the same rules. */
function noteInput(note: DemoCheckoutNote | (Omit<DemoCheckoutNote, 'options'> & { options: unknown })) {
  const options = (note.options ?? {}) as { placeholder?: string | null; values?: string[] };
  return checkoutNoteRules.parse({
    label: note.label,
    type: note.type,
    isRequired: note.isRequired,
    placeholder: options.placeholder ?? null,
    values: options.values ?? [],
  });
}

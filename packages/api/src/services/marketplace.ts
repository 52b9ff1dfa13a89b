import { asc, eq } from 'drizzle-orm';
import type { Db } from '../adapters/database/database';
import type { Geocoder } from '../adapters/geocoding/geocoder';
import type {
  CheckoutNoteOptions,
  checkoutNoteTypes,
  paymentCollectionMethods,
  paymentDepositTypes,
  remoteNames,
} from '../db/schema';
import { checkoutNoteDefinitions, clinics, marketplaces, remoteOverrides } from '../db/schema';
import { type CatalogView, loadCatalog, type Offering } from './catalog';
import { InvalidInputError, NotFoundError } from './errors';
import { type Coordinates, isInsideServiceArea } from './service-area';

export interface MarketplaceDependencies {
  db: Db;
  geocoder: Geocoder;
}

/** Which procedures to list: those offered at a clinic, or at the client's own address. */
export type ProceduresFilter = { organizationId: number } | { location: Coordinates };

export interface ClinicView {
  id: string;
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  latitude: number;
  longitude: number;
}

export interface CheckoutNoteDefinitionView {
  id: string;
  index: number;
  label: string;
  type: (typeof checkoutNoteTypes)[number];
  isRequired: boolean;
  options: { placeholder: string | null; values: string[] } | null;
}

export interface PaymentSettingsView {
  hasPaymentPolicy: boolean;
  paymentPolicyName: string | null;
  paymentPolicyText: string | null;
  requirePaymentPolicyAttestation: boolean;
  paymentCollectionMethod: (typeof paymentCollectionMethods)[number];
  paymentDepositType: (typeof paymentDepositTypes)[number] | null;
  paymentDepositValue: number | null;
}

export interface MarketplaceView extends CatalogView {
  id: string;
  mgId: string;
  name: string;
  logo: string | null;
  favicon: string | null;
  primaryColor: string;
  navigationGroupId: string | null;
  providesAtHome: boolean;
  clinicOrganizations: ClinicView[];
  checkoutNotes: CheckoutNoteDefinitionView[];
  paymentSettings: PaymentSettingsView;
  remoteOverrides: { remote: (typeof remoteNames)[number]; entry: string }[];
}

// Ids are PostgreSQL `integer`s; a larger number cannot name a row (and would fail the query).
const largestId = 2_147_483_647;

/**
 * One marketplace with branding, clinics, checkout notes, payment settings, remote overrides and the
 * catalogue, optionally narrowed to what is offered at one clinic or at one address.
 */
export async function getMarketplace(
  { db, geocoder }: MarketplaceDependencies,
  marketplaceId: number,
  filter: ProceduresFilter | null = null,
): Promise<MarketplaceView> {
  const notFound = new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  if (marketplaceId > largestId) throw notFound;
  const [marketplace] = await db.select().from(marketplaces).where(eq(marketplaces.id, marketplaceId));
  if (!marketplace) throw notFound;

  let offering: Offering = { kind: 'anywhere' };
  if (filter && 'organizationId' in filter) {
    if (filter.organizationId > largestId) throw notOneOfItsClinics(filter.organizationId, marketplaceId);
    offering = { kind: 'clinic', clinicId: filter.organizationId };
  } else if (filter) {
    const inside =
      marketplace.providesAtHome &&
      (await isInsideServiceArea(
        {
          center:
            marketplace.serviceAreaLatitude !== null && marketplace.serviceAreaLongitude !== null
              ? { latitude: marketplace.serviceAreaLatitude, longitude: marketplace.serviceAreaLongitude }
              : null,
          radiusKm: marketplace.serviceAreaRadiusKm,
          zipCodes: marketplace.serviceAreaZipCodes,
        },
        filter.location,
        (point) => geocoder.zipCodeAt(point),
      ));
    offering = { kind: inside ? 'home' : 'nowhere' };
  }

  const [clinicRows, noteRows, overrideRows, catalog] = await Promise.all([
    db
      .select()
      .from(clinics)
      .where(eq(clinics.marketplaceId, marketplaceId))
      .orderBy(asc(clinics.position), asc(clinics.id)),
    db
      .select()
      .from(checkoutNoteDefinitions)
      .where(eq(checkoutNoteDefinitions.marketplaceId, marketplaceId))
      .orderBy(asc(checkoutNoteDefinitions.index)),
    db
      .select()
      .from(remoteOverrides)
      .where(eq(remoteOverrides.marketplaceId, marketplaceId))
      .orderBy(asc(remoteOverrides.remote)),
    loadCatalog(db, marketplaceId, offering),
  ]);

  if (offering.kind === 'clinic') {
    const { clinicId } = offering;
    if (!clinicRows.some((clinic) => clinic.id === clinicId))
      throw notOneOfItsClinics(clinicId, marketplaceId);
  }

  return {
    id: String(marketplace.id),
    mgId: String(marketplace.mgId),
    name: marketplace.name,
    logo: marketplace.logo,
    favicon: marketplace.favicon,
    primaryColor: marketplace.primaryColor,
    navigationGroupId: marketplace.navigationGroupId === null ? null : String(marketplace.navigationGroupId),
    providesAtHome: marketplace.providesAtHome,
    clinicOrganizations: clinicRows.map((clinic) => ({
      id: String(clinic.id),
      name: clinic.name,
      address: clinic.address,
      phone: clinic.phone,
      timeZone: clinic.timeZone,
      latitude: clinic.latitude,
      longitude: clinic.longitude,
    })),
    categories: catalog.categories,
    procedures: catalog.procedures,
    checkoutNotes: noteRows.map((note) => ({
      id: String(note.id),
      index: note.index,
      label: note.label,
      type: note.type,
      isRequired: note.isRequired,
      options: note.options ? toNoteOptions(note.options) : null,
    })),
    paymentSettings: {
      hasPaymentPolicy: marketplace.hasPaymentPolicy,
      paymentPolicyName: marketplace.paymentPolicyName,
      paymentPolicyText: marketplace.paymentPolicyText,
      requirePaymentPolicyAttestation: marketplace.requirePaymentPolicyAttestation,
      paymentCollectionMethod: marketplace.paymentCollectionMethod,
      paymentDepositType: marketplace.paymentDepositType,
      paymentDepositValue: marketplace.paymentDepositValue,
    },
    remoteOverrides: overrideRows.map((override) => ({ remote: override.remote, entry: override.entry })),
  };
}

function notOneOfItsClinics(organizationId: number, marketplaceId: number): InvalidInputError {
  return new InvalidInputError(
    `Organization ${organizationId} is not a clinic of marketplace ${marketplaceId}.`,
  );
}

function toNoteOptions(options: CheckoutNoteOptions): NonNullable<CheckoutNoteDefinitionView['options']> {
  return { placeholder: options.placeholder ?? null, values: options.values ?? [] };
}

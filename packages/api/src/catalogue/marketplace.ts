import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import type { paymentCollectionMethods, paymentDepositTypes } from '../kernel/tables';
import { marketplaces } from '../kernel/tables';
import { type RemoteRolloutView, rolloutsJson } from '../releases';
import type { Geocoder } from './adapters/geocoding/geocoder';
import {
  type CatalogRows,
  type CatalogView,
  catalogColumns,
  catalogView,
  jsonList,
  type Offering,
} from './catalog';
import { type Coordinates, isInsideServiceArea, type ServiceArea } from './service-area';
import type { CheckoutNoteOptions, checkoutNoteDefinitions, checkoutNoteTypes } from './tables';

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
  noShowFeeCents: number | null;
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
  /** The marketplace's own rollouts (overrides of the default), per remote. */
  remoteOverrides: RemoteRolloutView[];
  /** The procedures were asked for at an address the marketplace does not visit. */
  outsideServiceArea: boolean;
}

type NoteRow = Pick<
  typeof checkoutNoteDefinitions.$inferSelect,
  'id' | 'index' | 'label' | 'type' | 'isRequired' | 'options'
>;

// Ids are PostgreSQL `integer`s; a larger number cannot name a row (and would fail the query).
const largestId = 2_147_483_647;

/**
 * One marketplace with branding, clinics, checkout notes, payment settings, its own remote rollouts and the
 * catalogue, optionally narrowed to what is offered at one clinic or at one address.
 */
export async function getMarketplace(
  { db, geocoder }: MarketplaceDependencies,
  marketplaceId: number,
  filter: ProceduresFilter | null = null,
): Promise<MarketplaceView> {
  const notFound = new NotFoundError(`Marketplace ${marketplaceId} was not found.`);
  if (marketplaceId > largestId) throw notFound;
  const clinicId = filter && 'organizationId' in filter ? filter.organizationId : null;
  const [row]: MarketplaceRow[] = await db
    .select(marketplaceColumns(clinicId))
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!row) throw notFound;
  const offering = await offeringAt(row, filter, geocoder);
  return {
    ...toMarketplaceView(row, catalogView(row, offering)),
    outsideServiceArea: offering.kind === 'nowhere',
  };
}

/** A marketplace row with its clinics, checkout notes, own rollouts and catalogue, as `marketplaceColumns` reads it. */
export type MarketplaceRow = typeof marketplaces.$inferSelect &
  CatalogRows & {
    clinicRows: ClinicView[];
    noteRows: NoteRow[];
    overrideRows: RemoteRolloutView[];
  };

/**
 * The marketplace's columns and, beside them, its clinics, checkout notes, remote rollouts and
 * catalogue as JSON lists: one statement, since on PGlite every statement waits for the one before.
 */
function marketplaceColumns(clinicId: number | null) {
  return {
    ...getTableColumns(marketplaces),
    clinicRows: jsonList<ClinicView>(sql`select json_agg(json_build_object(
        'id', c.id::text, 'name', c.name, 'address', c.address, 'phone', c.phone,
        'timeZone', c.time_zone, 'latitude', c.latitude, 'longitude', c.longitude
      ) order by c.position, c.id) from clinics c where c.marketplace_id = ${marketplaces.id}`),
    noteRows: jsonList<NoteRow>(sql`select json_agg(json_build_object(
        'id', n.id, 'index', n.index, 'label', n.label, 'type', n.type, 'isRequired', n.is_required,
        'options', n.options
      ) order by n.index) from checkout_note_definitions n where n.marketplace_id = ${marketplaces.id}`),
    overrideRows: rolloutsJson(sql`s.marketplace_id = ${marketplaces.id}`),
    ...catalogColumns(marketplaces.id, clinicId !== null && clinicId <= largestId ? clinicId : null),
  };
}

/**
 * Where the listed procedures must be offered: at the asked clinic (BAD_USER_INPUT when it is not one
 * of the marketplace's), at an address inside the service area (nowhere outside it), or anywhere.
 */
async function offeringAt(
  row: MarketplaceRow,
  filter: ProceduresFilter | null,
  geocoder: Geocoder,
): Promise<Offering> {
  if (filter && 'organizationId' in filter) {
    const clinicId = filter.organizationId;
    if (!row.clinicRows.some((clinic) => clinic.id === String(clinicId)))
      throw notOneOfItsClinics(clinicId, row.id);
    return { kind: 'clinic', clinicId };
  }
  if (filter && 'location' in filter) {
    const inside =
      row.providesAtHome &&
      (await isInsideServiceArea(serviceAreaOf(row), filter.location, (point) => geocoder.zipCodeAt(point)));
    return { kind: inside ? 'home' : 'nowhere' };
  }
  return { kind: 'anywhere' };
}

export function serviceAreaOf(marketplace: typeof marketplaces.$inferSelect): ServiceArea {
  return {
    center:
      marketplace.serviceAreaLatitude !== null && marketplace.serviceAreaLongitude !== null
        ? { latitude: marketplace.serviceAreaLatitude, longitude: marketplace.serviceAreaLongitude }
        : null,
    radiusKm: marketplace.serviceAreaRadiusKm,
    zipCodes: marketplace.serviceAreaZipCodes,
  };
}

export function toMarketplaceView(row: MarketplaceRow, catalog: CatalogView): MarketplaceView {
  return {
    id: String(row.id),
    mgId: String(row.mgId),
    name: row.name,
    logo: row.logo,
    favicon: row.favicon,
    primaryColor: row.primaryColor,
    navigationGroupId: row.navigationGroupId === null ? null : String(row.navigationGroupId),
    providesAtHome: row.providesAtHome,
    clinicOrganizations: row.clinicRows,
    categories: catalog.categories,
    procedures: catalog.procedures,
    checkoutNotes: row.noteRows.map(toCheckoutNoteView),
    paymentSettings: {
      hasPaymentPolicy: row.hasPaymentPolicy,
      paymentPolicyName: row.paymentPolicyName,
      paymentPolicyText: row.paymentPolicyText,
      requirePaymentPolicyAttestation: row.requirePaymentPolicyAttestation,
      paymentCollectionMethod: row.paymentCollectionMethod,
      paymentDepositType: row.paymentDepositType,
      paymentDepositValue: row.paymentDepositValue,
      noShowFeeCents: row.noShowFeeCents,
    },
    remoteOverrides: row.overrideRows,
    outsideServiceArea: false,
  };
}

function toCheckoutNoteView(note: NoteRow): CheckoutNoteDefinitionView {
  return {
    id: String(note.id),
    index: note.index,
    label: note.label,
    type: note.type,
    isRequired: note.isRequired,
    // The console stores a note without a placeholder or choices as `{}`: it has no options either.
    options: note.options && Object.keys(note.options).length > 0 ? toNoteOptions(note.options) : null,
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

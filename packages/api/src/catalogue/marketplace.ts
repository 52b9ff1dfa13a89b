import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../kernel/database/database';
import { InvalidInputError, NotFoundError } from '../kernel/errors';
import type { paymentCollectionMethods, paymentDepositTypes } from '../kernel/tables';
import { marketplaces } from '../kernel/tables';
import { type RemoteRolloutView, rolloutsJson } from '../releases';
import type { Geocoder } from './adapters/geocoding/geocoder';
import { type CatalogView, catalogColumns, catalogView, type Offering } from './catalog';
import { type Coordinates, isInsideServiceArea } from './service-area';
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

  // One statement: the marketplace row with its clinics, checkout notes, remote rollouts and
  // catalogue as JSON lists (on PGlite every statement waits for the one before).
  const list = <Row>(select: SQL) => sql<Row[]>`coalesce((${select}), '[]'::json)`;
  const [row] = await db
    .select({
      ...getTableColumns(marketplaces),
      clinicRows: list<ClinicView>(sql`select json_agg(json_build_object(
          'id', c.id::text, 'name', c.name, 'address', c.address, 'phone', c.phone,
          'timeZone', c.time_zone, 'latitude', c.latitude, 'longitude', c.longitude
        ) order by c.position, c.id) from clinics c where c.marketplace_id = ${marketplaces.id}`),
      noteRows: list<NoteRow>(sql`select json_agg(json_build_object(
          'id', n.id, 'index', n.index, 'label', n.label, 'type', n.type, 'isRequired', n.is_required,
          'options', n.options
        ) order by n.index) from checkout_note_definitions n where n.marketplace_id = ${marketplaces.id}`),
      overrideRows: rolloutsJson(sql`s.marketplace_id = ${marketplaces.id}`),
      ...catalogColumns(marketplaces.id, clinicId !== null && clinicId <= largestId ? clinicId : null),
    })
    .from(marketplaces)
    .where(eq(marketplaces.id, marketplaceId));
  if (!row) throw notFound;
  const { clinicRows, noteRows, overrideRows, ...marketplace } = row;

  let offering: Offering = { kind: 'anywhere' };
  if (clinicId !== null) {
    if (!clinicRows.some((clinic) => clinic.id === String(clinicId)))
      throw notOneOfItsClinics(clinicId, marketplaceId);
    offering = { kind: 'clinic', clinicId };
  } else if (filter && 'location' in filter) {
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
  const catalog = catalogView(marketplace, offering);

  return {
    id: String(marketplace.id),
    mgId: String(marketplace.mgId),
    name: marketplace.name,
    logo: marketplace.logo,
    favicon: marketplace.favicon,
    primaryColor: marketplace.primaryColor,
    navigationGroupId: marketplace.navigationGroupId === null ? null : String(marketplace.navigationGroupId),
    providesAtHome: marketplace.providesAtHome,
    clinicOrganizations: clinicRows,
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
    remoteOverrides: overrideRows,
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

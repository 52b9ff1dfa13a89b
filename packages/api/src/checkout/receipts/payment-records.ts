// The client's money, one record per charge and refund, whatever it paid for: an appointment's charges
// (the confirmation's deposit or whole amount, a no-show fee) and their refunds, package purchases and
// membership periods (and those given back in full). One statement reads them for both the receipts
// (a record by its row) and the profile's payment history (a client's, newest first, by cursor).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../kernel/database/database';
import type { PaymentReceiptSource } from '../../kernel/jobs/queues';
import { refundedInProcessorReason } from '../refunds';
import { appointmentCharge, type PaymentPurpose } from './payment-purpose';

/** How a record stands, as the client reads it. */
export type PaymentRecordStatus = 'PAID' | 'PARTLY_REFUNDED' | 'REFUNDED' | 'PENDING' | 'FAILED';

export interface PaymentRecord {
  source: PaymentReceiptSource;
  id: number;
  kind: 'charge' | 'refund';
  /** When it was made. */
  at: Date;
  /** Where it sorts among the client's records (microseconds since the epoch, as the database keeps it). */
  sortKey: number;
  amountCents: number;
  /** A charge's cents given back so far. */
  refundedCents: number;
  status: PaymentRecordStatus;
  card: { brand: string; lastFour: string } | null;
  purpose: PaymentPurpose;
  /** A refund's reason as staff wrote it (none for one made in the processor's dashboard). */
  reason: string | null;
  /** The zone its date is said in: the visit's place, else the client's own, else the marketplace's first clinic's. */
  timeZone: string;
  marketplace: { id: number; name: string; primaryColor: string; logo: string | null };
  client: { email: string; givenName: string | null };
}

/** Which records: one by its row (a receipt), or a client's at a marketplace after a cursor (the history). */
export type RecordFilter =
  | { source: PaymentReceiptSource; id: number }
  | {
      userId: number;
      marketplaceId: number;
      /** The last record of the page before (its sort key, source and id). */
      after: { sortKey: number; source: string; id: number } | null;
      limit: number;
    };

interface RecordRow {
  source: PaymentReceiptSource;
  id: number;
  sortKey: number;
  at: string;
  amount: number;
  status: string;
  refunded: number;
  reason: string | null;
  brand: string | null;
  lastFour: string | null;
  appointmentPurpose: 'confirmation' | 'no_show_fee' | null;
  /** The charge's cents (a refund's: the charge it gives back from). */
  chargeAmount: number;
  itemName: string | null;
  chargeKind: 'purchase' | 'renewal' | 'reactivation' | null;
  startsAt: string | null;
  visitTimeZone: string | null;
  totalCents: number | null;
  procedures: string[] | null;
  marketplace: PaymentRecord['marketplace'];
  client: PaymentRecord['client'] & { tzid: string | null };
  clinicTimeZone: string | null;
}

/** The records the filter names, newest first. */
export async function loadPaymentRecords(db: Db, filter: RecordFilter): Promise<PaymentRecord[]> {
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }, json already parsed.
  const { rows } = (await db.execute(recordsQuery(filter))) as unknown as { rows: { entry: RecordRow }[] };
  return rows.map(({ entry }) => toRecord(entry));
}

/**
 * Every charge and refund as one row shape: which table and row, when, the cents, the state, the cents
 * given back of a charge, the card, the client and marketplace, and what it paid for. Free membership
 * periods and packages (nothing charged) are not money moving and are left out.
 */
const entries = sql`
  select 'appointment_payment' as source, p.id::bigint as id, p.created_at as at, p.amount_cents as amount,
         p.status,
         (select coalesce(sum(x.amount_cents), 0) from appointment_refunds x
           where x.appointment_payment_id = p.id and x.status = 'succeeded')::int as refunded,
         null::text as reason, p.payment_instrument_id as instrument_id, p.appointment_id,
         p.purpose as appointment_purpose, p.amount_cents as charge_amount, null::text as item_name,
         null::text as charge_kind, a.client_user_id as user_id, a.marketplace_id
    from appointment_payments p join appointments a on a.id = p.appointment_id
  union all
  select 'appointment_refund', r.id::bigint, r.created_at, r.amount_cents, r.status, 0, r.reason,
         p.payment_instrument_id, p.appointment_id, p.purpose, p.amount_cents, null, null, a.client_user_id,
         a.marketplace_id
    from appointment_refunds r
    join appointment_payments p on p.id = r.appointment_payment_id
    join appointments a on a.id = p.appointment_id
  union all
  select 'package_purchase', pp.id::bigint, pp.created_at, pp.amount_cents, pp.status,
         case when pp.status = 'refunded' then pp.amount_cents else 0 end, null, pp.payment_instrument_id,
         null, null, pp.amount_cents, k.name, null, pp.user_id, k.marketplace_id
    from package_purchases pp join packages k on k.id = pp.package_id
   where pp.amount_cents > 0
  union all
  select 'package_refund', pp.id::bigint, pp.updated_at, pp.amount_cents, 'succeeded', 0, pp.failure_reason,
         pp.payment_instrument_id, null, null, pp.amount_cents, k.name, null, pp.user_id, k.marketplace_id
    from package_purchases pp join packages k on k.id = pp.package_id
   where pp.status = 'refunded' and pp.amount_cents > 0
  union all
  select 'membership_charge', mc.id::bigint, mc.created_at, mc.amount_cents, mc.status,
         case when mc.status = 'refunded' then mc.amount_cents else 0 end, null, mc.payment_instrument_id,
         null, null, mc.amount_cents, d.name, mc.kind, mc.user_id, d.marketplace_id
    from membership_charges mc join membership_definitions d on d.id = mc.membership_definition_id
   where mc.amount_cents > 0
  union all
  select 'membership_refund', mc.id::bigint, mc.updated_at, mc.amount_cents, 'succeeded', 0, mc.failure_reason,
         mc.payment_instrument_id, null, null, mc.amount_cents, d.name, mc.kind, mc.user_id, d.marketplace_id
    from membership_charges mc join membership_definitions d on d.id = mc.membership_definition_id
   where mc.status = 'refunded' and mc.amount_cents > 0`;

const sortKey = sql`(extract(epoch from e.at) * 1000000)::bigint`;

function where(filter: RecordFilter): SQL {
  if ('source' in filter) return sql`e.source = ${filter.source} and e.id = ${filter.id}`;
  const own = sql`e.user_id = ${filter.userId} and e.marketplace_id = ${filter.marketplaceId}`;
  if (!filter.after) return own;
  const { after } = filter;
  return sql`${own} and (${sortKey}, e.source, e.id) < (${after.sortKey}::bigint, ${after.source}::text, ${after.id}::bigint)`;
}

/** The page first (ordered and cut), then what each of its records names: card, visit, client. */
function recordsQuery(filter: RecordFilter): SQL {
  const limit = 'limit' in filter ? filter.limit : 1;
  return sql`
    select json_build_object(
      'source', page.source, 'id', page.id, 'sortKey', page.sort_key, 'at', page.at,
      'amount', page.amount, 'status', page.status, 'refunded', page.refunded, 'reason', page.reason,
      'brand', pi.brand, 'lastFour', pi.last_four,
      'appointmentPurpose', page.appointment_purpose, 'chargeAmount', page.charge_amount,
      'itemName', page.item_name,
      'chargeKind', page.charge_kind,
      'startsAt', a.starts_at, 'visitTimeZone', r.time_zone, 'totalCents', r.total_cents,
      'procedures', case when r.id is null then null else coalesce((
        select json_agg(pr.name order by rp.position)
          from appointment_request_procedures rp join procedures pr on pr.id = rp.procedure_id
         where rp.request_id = r.id), '[]'::json) end,
      'marketplace', json_build_object('id', m.id, 'name', m.name, 'primaryColor', m.primary_color,
                                       'logo', m.logo),
      'client', json_build_object('email', u.email, 'givenName', u.given_name, 'tzid', u.tzid),
      'clinicTimeZone', (select c.time_zone from clinics c where c.marketplace_id = m.id order by c.id limit 1)
    ) as entry
    from (
      select e.*, ${sortKey} as sort_key from (${entries}) e
       where ${where(filter)}
       order by sort_key desc, e.source desc, e.id desc
       limit ${limit}
    ) page
    join marketplaces m on m.id = page.marketplace_id
    join users u on u.id = page.user_id
    left join payment_instruments pi on pi.id = page.instrument_id
    left join appointments a on a.id = page.appointment_id
    left join appointment_requests r on r.appointment_id = page.appointment_id
    order by page.sort_key desc, page.source desc, page.id desc`;
}

function toRecord(row: RecordRow): PaymentRecord {
  const kind = row.source.endsWith('_refund') ? 'refund' : 'charge';
  return {
    source: row.source,
    id: Number(row.id),
    kind,
    at: new Date(row.at),
    sortKey: Number(row.sortKey),
    amountCents: row.amount,
    refundedCents: row.refunded,
    status: recordStatus(kind, row.status, row.refunded),
    card: row.brand && row.lastFour ? { brand: row.brand, lastFour: row.lastFour } : null,
    purpose: purposeOf(row),
    reason: row.reason === refundedInProcessorReason ? null : row.reason,
    timeZone: usableZone(row.visitTimeZone ?? row.client.tzid ?? row.clinicTimeZone),
    marketplace: row.marketplace,
    client: { email: row.client.email, givenName: row.client.givenName },
  };
}

function recordStatus(kind: 'charge' | 'refund', status: string, refundedCents: number): PaymentRecordStatus {
  if (status === 'failed') return 'FAILED';
  if (status === 'pending' || status === 'requires_action') return 'PENDING';
  if (kind === 'refund' || status === 'refunded') return 'REFUNDED';
  return refundedCents > 0 ? 'PARTLY_REFUNDED' : 'PAID';
}

function purposeOf(row: RecordRow): PaymentPurpose {
  if (row.source.startsWith('package')) return { kind: 'package', name: row.itemName ?? '' };
  if (row.source.startsWith('membership')) {
    return { kind: 'membership', charge: row.chargeKind ?? 'purchase', name: row.itemName ?? '' };
  }
  return {
    kind: 'appointment',
    charge: appointmentCharge({
      purpose: row.appointmentPurpose ?? 'confirmation',
      amountCents: row.chargeAmount,
      totalCents: row.totalCents ?? 0,
    }),
    procedures: row.procedures ?? [],
    startsAt: new Date(row.startsAt ?? row.at),
    timeZone: usableZone(row.visitTimeZone),
  };
}

/** A zone the formatter knows (a profile's tzid is whatever the browser sent), else UTC. */
function usableZone(zone: string | null): string {
  if (!zone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return 'UTC';
  }
}

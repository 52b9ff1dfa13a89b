// The profile's payment history: the signed-in client's charges and refunds at one marketplace,
// newest first, a page at a time. Only the client's own (their user at this marketplace) are read.
import type { RequestSession } from '../../identity';
import { signInRequired, tenantOfMarketplace, UnauthenticatedError } from '../../identity';
import type { Db } from '../../kernel/database/database';
import { InvalidInputError } from '../../kernel/errors';
import { paymentReceiptSources } from '../../kernel/jobs/queues';
import { purposeLine } from './payment-purpose';
import { loadPaymentRecords, type PaymentRecord, type PaymentRecordStatus } from './payment-records';

export interface ClientPaymentView {
  id: string;
  kind: 'CHARGE' | 'REFUND';
  date: string;
  amount: number;
  refunded: number;
  status: PaymentRecordStatus;
  card: { brand: string; lastFour: string } | null;
  description: string;
}

export interface ClientPaymentPageView {
  payments: ClientPaymentView[];
  endCursor: string | null;
  hasNextPage: boolean;
}

export const invalidPaymentCursorMessage =
  'This page of your payments is not valid; start from the first page.';

type Cursor = { sortKey: number; source: string; id: number };

/** A page's cursor names its last record; the next page holds the records made before it. */
const encodeCursor = (record: PaymentRecord) =>
  Buffer.from(`payment:${record.sortKey}:${record.source}:${record.id}`).toString('base64url');

function decodeCursor(cursor: string): Cursor {
  const match = /^payment:(\d{1,17}):([a-z_]{1,40}):(\d{1,15})$/.exec(
    Buffer.from(cursor, 'base64url').toString('utf8'),
  );
  const [, sortKey, source, id] = match ?? [];
  if (!sortKey || !source || !id || !(paymentReceiptSources as readonly string[]).includes(source)) {
    throw new InvalidInputError(invalidPaymentCursorMessage);
  }
  return { sortKey: Number(sortKey), source, id: Number(id) };
}

/**
 * The signed-in client's payments at a marketplace. NOT_FOUND for an unknown marketplace;
 * UNAUTHENTICATED without a session of its group.
 */
export async function profilePayments(
  context: { db: Db; session: RequestSession },
  input: { marketplaceId: number; first: number; after: string | null },
): Promise<ClientPaymentPageView> {
  const { db } = context;
  const marketplace = await tenantOfMarketplace(db, input.marketplaceId);
  const session = await context.session.current();
  if (!session || session.mgId !== marketplace.mgId) throw new UnauthenticatedError(signInRequired);
  const records = await loadPaymentRecords(db, {
    userId: session.userId,
    marketplaceId: input.marketplaceId,
    after: input.after === null ? null : decodeCursor(input.after),
    limit: input.first + 1,
  });
  const page = records.slice(0, input.first);
  const last = page.at(-1);
  return {
    payments: page.map(toView),
    endCursor: last && records.length > input.first ? encodeCursor(last) : null,
    hasNextPage: records.length > input.first,
  };
}

function toView(record: PaymentRecord): ClientPaymentView {
  return {
    id: `${record.source}-${record.id}`,
    kind: record.kind === 'refund' ? 'REFUND' : 'CHARGE',
    date: record.at.toISOString(),
    amount: record.amountCents,
    refunded: record.refundedCents,
    status: record.status,
    card: record.card,
    description: purposeLine(record.purpose, { short: true }),
  };
}

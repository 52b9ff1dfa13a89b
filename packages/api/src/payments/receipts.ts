// Receipts: every charge and refund is mailed to the client once (issue 30). Whoever records money
// moving queues a `payment-receipt` job in that same transaction (it exists exactly when the charge or
// refund commits); the job (checkout/receipts) reads what the money was for and mails it through
// `queueReceiptMail`, which claims the receipt's row first, so a retried job or a receipt asked for
// twice (a live request and the processor's webhook) mails nobody twice.
import { cardLabel, formatCents } from '@atrium/domain';
import escapeHtml from 'escape-html';
import type { Db } from '../kernel/database/database';
import { type PaymentReceiptJob, type PaymentReceiptSource, queues } from '../kernel/jobs/queues';
import {
  absoluteUrl,
  buttonLink,
  type EmailContent,
  emailLayout,
  formatDate,
  type NotificationSettings,
  queueJob,
  queueMessage,
} from '../notifications';
import { paymentReceipts } from './tables';

/** Queues the receipt of a charge or refund in `tx`, the transaction that records it. */
export function queuePaymentReceipt(tx: Db, source: PaymentReceiptSource, id: number): Promise<void> {
  const job: PaymentReceiptJob = { source, id };
  return queueJob(tx, queues.paymentReceipt.name, job);
}

/** What a receipt says: the money, the card, what it was for, and who it was paid to. */
export interface ReceiptFacts {
  kind: 'charge' | 'refund';
  amountCents: number;
  /** The card charged (or given back to); null when none is on record. */
  card: { brand: string; lastFour: string } | null;
  /** What it was for, as one line ('Deposit for Drip on Tuesday, …'). */
  purpose: string;
  /** A refund's reason as staff wrote it. */
  reason: string | null;
  /** When the charge or refund was made, and the zone to say its date in. */
  at: Date;
  timeZone: string;
  marketplace: { id: number; name: string; primaryColor: string; logo: string | null };
  client: { email: string; givenName: string | null };
}

/**
 * Mails the receipt unless one was mailed for this charge or refund already (its row in
 * payment_receipts, claimed in `tx`). True when this call queued it.
 */
export async function queueReceiptMail(
  tx: Db,
  settings: NotificationSettings,
  job: PaymentReceiptJob,
  facts: ReceiptFacts,
): Promise<boolean> {
  const [claimed] = await tx
    .insert(paymentReceipts)
    .values({ source: job.source, sourceId: job.id })
    .onConflictDoNothing()
    .returning({ sourceId: paymentReceipts.sourceId });
  if (!claimed) return false;
  const mail = receiptEmail(facts, settings);
  await queueMessage(tx, {
    channel: 'email',
    to: facts.client.email,
    senderName: facts.marketplace.name,
    from: settings.mailFrom,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    marketplaceId: facts.marketplace.id,
  });
  return true;
}

/** The receipt's mail: plain text beside HTML in the marketplace's look. */
export function receiptEmail(facts: ReceiptFacts, settings: NotificationSettings): EmailContent {
  const { marketplace } = facts;
  const amount = formatCents(facts.amountCents);
  const refund = facts.kind === 'refund';
  const greeting = facts.client.givenName ? `Hello ${facts.client.givenName},` : 'Hello,';
  const intro = refund
    ? `${marketplace.name} refunded ${amount} to your card. Your bank shows it within 5 to 10 business days. This is your receipt.`
    : `Thank you for your payment to ${marketplace.name}. This is your receipt.`;
  const details = [
    `Amount: ${amount}${refund ? ' refunded' : ''}`,
    `Card: ${facts.card ? cardLabel(facts.card) : 'not on record'}`,
    `For: ${facts.purpose}`,
    ...(facts.reason ? [`Reason: ${facts.reason}`] : []),
    `Date: ${formatDate(facts.at, facts.timeZone)}`,
    `${refund ? 'Refunded by' : 'Paid to'}: ${marketplace.name}`,
  ];
  const link = { label: 'Your payments', href: `${settings.webOrigin}/${marketplace.id}/profile` };
  const outro = 'Your payments are listed in your profile, under Wallet.';
  const text = [greeting, intro, details.join('\n'), outro, `${link.label}:\n${link.href}`].join('\n\n');
  const html = emailLayout(
    {
      name: marketplace.name,
      primaryColor: marketplace.primaryColor,
      logoUrl: absoluteUrl(marketplace.logo, settings.webOrigin),
    },
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p style="padding:12px 16px;background:#f5f5f5;border-radius:4px">${details.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(outro)}</p>
<p>${buttonLink(link.href, link.label, marketplace.primaryColor)}</p>`,
  );
  return {
    subject: `${marketplace.name}: receipt for your ${refund ? 'refund' : 'payment'} of ${amount}`,
    text,
    html,
  };
}

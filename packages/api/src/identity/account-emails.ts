import type { Db } from '../kernel/database/database';
import { queues } from '../kernel/jobs/queues';
import type { NotificationSettings } from '../notifications';
import { queueJob, queueMessage } from '../notifications';
import { accountExistsEmail, type EmailContent, registrationEmail, resetPasswordEmail } from './messages';
import { emailedLink, issueLinkToken } from './user-tokens';
import { findUserByEmail, findUserById, type Tenant, tenantOfGroup, tenantOfMarketplace } from './users';

/**
 * An account email whose content depends on whether the address has an account. The request that
 * causes it only queues this job — the same work for a known and an unknown address, so neither the
 * answer nor its timing tells whether an account exists — and the job decides what to send.
 */
export type AccountEmailJob =
  | {
      kind: 'password-reset';
      mgId: number;
      marketplaceId: number | null;
      email: string;
      /** The allow-listed web origin the link points at. */
      origin: string;
    }
  | {
      kind: 'registration';
      mgId: number;
      marketplaceId: number;
      email: string;
      /** The account the registration created, or null when the address already had one. */
      userId: number | null;
      origin: string;
    };

export interface AccountEmailPorts {
  db: Db;
  clock: () => Date;
  notifications: Pick<NotificationSettings, 'mailFrom'>;
}

/** Queues an account email job in `tx`. */
export function queueAccountEmail(tx: Db, job: AccountEmailJob): Promise<void> {
  return queueJob(tx, queues.accountEmail.name, job);
}

/**
 * Sends what the job stands for: a reset link to an address with an account (nothing otherwise); a
 * confirmation link for a new registration; and to the owner of an address someone tried to register
 * again, a note that the account exists.
 */
export async function sendAccountEmail(ports: AccountEmailPorts, job: AccountEmailJob): Promise<void> {
  const { db } = ports;
  const now = ports.clock();
  const tenant: Tenant =
    job.marketplaceId !== null
      ? await tenantOfMarketplace(db, job.marketplaceId)
      : await tenantOfGroup(db, job.mgId);
  const send = (tx: Db, to: string, content: EmailContent) =>
    queueMessage(tx, {
      channel: 'email',
      to,
      senderName: tenant.name,
      from: ports.notifications.mailFrom,
      marketplaceId: tenant.marketplaceId,
      ...content,
    });

  if (job.kind === 'password-reset') {
    const user = await findUserByEmail(db, tenant.mgId, job.email);
    if (!user) return;
    await db.transaction(async (tx) => {
      const token = await issueLinkToken(tx, {
        purpose: 'reset_password',
        userId: user.id,
        sentTo: user.email,
        now,
      });
      const link = emailedLink(job.origin, '/reset-password', token, tenant);
      await send(tx, user.email, resetPasswordEmail(tenant.name, link));
    });
    return;
  }

  if (job.userId !== null) {
    const created = await findUserById(db, job.userId);
    // Confirmed meanwhile (its owner signed in with a code): nothing left to confirm.
    if (!created || created.emailConfirmedAt || created.email.toLowerCase() !== job.email.toLowerCase())
      return;
    await db.transaction(async (tx) => {
      const token = await issueLinkToken(tx, {
        purpose: 'confirm_email',
        userId: created.id,
        sentTo: created.email,
        now,
      });
      const link = emailedLink(job.origin, '/confirm-email', token, tenant);
      await send(tx, created.email, registrationEmail(tenant.name, link));
    });
    return;
  }
  const owner = await findUserByEmail(db, tenant.mgId, job.email);
  if (!owner) return;
  const signInLink = `${job.origin}/${job.marketplaceId}`;
  await db.transaction((tx) =>
    send(tx, owner.email, accountExistsEmail(tenant.name, signInLink)).then(() => undefined),
  );
}

import type { Db } from '../kernel/database/database';
import { queueMessage } from '../notifications';
import type { EmailContent } from './messages';
import type { IdentityPorts } from './ports';

/** Queues an identity email in `tx` (the transaction that issues its code or link), from the marketplace. */
export function queueIdentityEmail(
  tx: Db,
  ports: Pick<IdentityPorts, 'config'>,
  tenant: { name: string },
  to: string,
  content: EmailContent,
): Promise<number> {
  return queueMessage(tx, {
    channel: 'email',
    to,
    senderName: tenant.name,
    from: ports.config.mail.from,
    ...content,
  });
}

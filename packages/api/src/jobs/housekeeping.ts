// Housekeeping: what has outlived its use is deleted, so tables of secrets and counters do not grow
// for ever. Run hourly by the job engine (kernel/jobs/queues.ts).
import { and, isNotNull, lt, or } from 'drizzle-orm';
import { processorEventLifetimeMs } from '../checkout';
import {
  passcodes,
  sessionAbsoluteMs,
  sessionIdleMs,
  sessions,
  thirdPartySignIns,
  userTokens,
} from '../identity';
import type { Db } from '../kernel/database/database';
import { idempotencyKeyLifetimeMs } from '../kernel/idempotency';
import { longestRateLimitWindowMs } from '../kernel/rate-limits';
import { appointmentRequestKeys, rateLimitHits } from '../kernel/tables';
import { outboxMessages } from '../notifications';
import { processorEvents } from '../payments';
import {
  canaryViewLifetimeMs,
  failureReportLifetimeMs,
  remoteCanaryViews,
  remoteFailureReports,
} from '../releases';
import { remotePreviews } from '../staff';

/** Sent messages are kept this long (the dev mailbox and support look back that far). */
export const sentMessageLifetimeMs = 30 * 24 * 60 * 60 * 1000;

export interface HousekeepingReport {
  sessions: number;
  passcodes: number;
  userTokens: number;
  thirdPartySignIns: number;
  rateLimitHits: number;
  idempotencyKeys: number;
  outboxMessages: number;
  processorEvents: number;
  remoteFailureReports: number;
  remoteCanaryViews: number;
  remotePreviews: number;
}

/**
 * Deletes expired sessions, passcodes, reset and confirmation tokens, started Google and Apple sign-ins,
 * rate-limit hits, idempotency keys, old sent messages, old payment processor events, old reports
 * of remotes browsers could not load, old views of canaries and expired previews of remote releases.
 */
export async function deleteExpired(db: Db, now: Date): Promise<HousekeepingReport> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const deleted = async (query: Promise<unknown[]>) => (await query).length;
  return {
    sessions: await deleted(
      db
        .delete(sessions)
        .where(
          or(
            isNotNull(sessions.revokedAt),
            lt(sessions.lastSeenAt, before(sessionIdleMs)),
            lt(sessions.createdAt, before(sessionAbsoluteMs)),
          ),
        )
        .returning({ id: sessions.id }),
    ),
    passcodes: await deleted(
      db.delete(passcodes).where(lt(passcodes.expiresAt, now)).returning({ id: passcodes.id }),
    ),
    userTokens: await deleted(
      db.delete(userTokens).where(lt(userTokens.expiresAt, now)).returning({ id: userTokens.id }),
    ),
    thirdPartySignIns: await deleted(
      db
        .delete(thirdPartySignIns)
        .where(lt(thirdPartySignIns.expiresAt, now))
        .returning({ stateHash: thirdPartySignIns.stateHash }),
    ),
    rateLimitHits: await deleted(
      db
        .delete(rateLimitHits)
        .where(lt(rateLimitHits.at, before(longestRateLimitWindowMs)))
        .returning({ id: rateLimitHits.id }),
    ),
    idempotencyKeys: await deleted(
      db
        .delete(appointmentRequestKeys)
        .where(lt(appointmentRequestKeys.claimedAt, before(idempotencyKeyLifetimeMs)))
        .returning({ key: appointmentRequestKeys.key }),
    ),
    outboxMessages: await deleted(
      db
        .delete(outboxMessages)
        .where(
          and(isNotNull(outboxMessages.sentAt), lt(outboxMessages.sentAt, before(sentMessageLifetimeMs))),
        )
        .returning({ id: outboxMessages.id }),
    ),
    processorEvents: await deleted(
      db
        .delete(processorEvents)
        .where(lt(processorEvents.receivedAt, before(processorEventLifetimeMs)))
        .returning({ id: processorEvents.id }),
    ),
    remoteFailureReports: await deleted(
      db
        .delete(remoteFailureReports)
        .where(lt(remoteFailureReports.reportedAt, before(failureReportLifetimeMs)))
        .returning({ releaseId: remoteFailureReports.releaseId }),
    ),
    remoteCanaryViews: await deleted(
      db
        .delete(remoteCanaryViews)
        .where(lt(remoteCanaryViews.seenAt, before(canaryViewLifetimeMs)))
        .returning({ releaseId: remoteCanaryViews.releaseId }),
    ),
    // An owner's preview shows nothing once expired (an ended one expires within the hour too).
    remotePreviews: await deleted(
      db.delete(remotePreviews).where(lt(remotePreviews.expiresAt, now)).returning({ id: remotePreviews.id }),
    ),
  };
}

// Test helpers of the staff's new-request notices: their operations, and running the `new-request`
// jobs checkout queued as the API's in-process worker would.
import PgBoss from 'pg-boss';
import { loadIdentityConfig } from '../identity';
import type { Database } from '../kernel/database/database';
import { bossDb } from '../kernel/jobs/pg-boss-db';
import { jobSchema, type NewRequestJob, queues } from '../kernel/jobs/queues';
import { notificationSettings } from '../notifications';
import { notifyStaffOfNewRequest } from '../staff';

export const requestNoticeOperations = {
  unreadCount: /* GraphQL */ `
    query StaffUnreadRequestCount($marketplaceId: ID!) {
      staffUnreadRequestCount(marketplaceId: $marketplaceId)
    }`,
  markSeen: /* GraphQL */ `
    mutation StaffMarkRequestsSeen($marketplaceId: ID!) {
      staffMarkRequestsSeen(marketplaceId: $marketplaceId)
    }`,
  settings: /* GraphQL */ `
    query StaffRequestNoticeSettings($marketplaceId: ID!) {
      staffRequestNoticeSettings(marketplaceId: $marketplaceId) { mailNewRequests }
    }`,
  setMails: /* GraphQL */ `
    mutation StaffSetNewRequestMails($marketplaceId: ID!, $enabled: Boolean!) {
      staffSetNewRequestMails(marketplaceId: $marketplaceId, enabled: $enabled) { mailNewRequests }
    }`,
};

/** The test app's notification settings (its sender and web origin). */
export const testNotificationSettings = notificationSettings(
  loadIdentityConfig({ REGISTER_LIMIT_PER_IP: '0' }, 'test'),
);

/** Runs and completes the waiting `new-request` jobs; returns each one's data and how many it mailed. */
export async function runNewRequestJobs(database: Database) {
  const boss = new PgBoss({ db: bossDb(database), schema: jobSchema, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  const ran: { job: NewRequestJob; mailed: number }[] = [];
  try {
    for (;;) {
      const jobs = await boss.fetch<NewRequestJob>(queues.newRequest.name, { batchSize: 20 });
      if (jobs.length === 0) return ran;
      for (const job of jobs) {
        const mailed = await notifyStaffOfNewRequest(
          { db: database.db, notifications: testNotificationSettings },
          job.data,
        );
        await boss.complete(queues.newRequest.name, job.id);
        ran.push({ job: job.data, mailed });
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

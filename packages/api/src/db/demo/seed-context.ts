// How the demo seed writes: through the console's own services, as Atrium's system actor, so the demo's
// rows pass the same validation as an owner's input and there is one path into the tables.
import { isDeepStrictEqual } from 'node:util';
import type { Db } from '../../kernel/database/database';
import type { NotificationSettings } from '../../notifications';
import { type SystemActor, systemContext, type TeamContext } from '../../staff';

/** The activity log's actor of every change the seed makes. */
export const demoSeedActor = 'Atrium demo seed';

/** The system actor mails no one (no invitations): these are never used for a message. */
const noMail: NotificationSettings = { mailFrom: '', webOrigin: '' };

/** The services' context for the seed's transaction: the system actor, the seed day as the clock. */
export type SeedContext = TeamContext & { system: SystemActor };

export function seedContext(tx: Db, now: Date): SeedContext {
  return { ...systemContext(tx, demoSeedActor), clock: () => now, notifications: noMail };
}

/** What the operator's createMarketplace needs, for the same transaction and clock. */
export const operatorDeps = (context: SeedContext) => ({
  db: context.db,
  notifications: context.notifications,
  clock: context.clock,
});

/** Whether the values stored already are the demo's (as JSON: key order and undefined fields aside). */
export const sameValues = (stored: unknown, wanted: unknown): boolean =>
  isDeepStrictEqual(JSON.parse(JSON.stringify(stored)), JSON.parse(JSON.stringify(wanted)));

/** Ids in ascending order, for comparing sets of links. */
export const sortedIds = (ids: readonly (number | string)[]): number[] =>
  ids.map(Number).sort((a, b) => a - b);

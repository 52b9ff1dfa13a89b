// How a client may change a visit themselves (issue 29): by phone only, the spec's default, or online
// from /profile until a cut-off of whole hours before the visit. The API refuses and the profile
// shows by this one rule, so a page never works the cut-off out on its own.

export const CLIENT_CHANGE_MODES = ['phone', 'online'] as const;
export type ClientChangeMode = (typeof CLIENT_CHANGE_MODES)[number];

export const CLIENT_CHANGE_CUTOFF_HOURS = { min: 1, max: 168, default: 24 } as const;

export interface ClientChangePolicy {
  mode: ClientChangeMode;
  /** Whole hours before the visit's start after which it is changed by phone only. */
  cutoffHours: number;
}

export const DEFAULT_CLIENT_CHANGE_POLICY: ClientChangePolicy = {
  mode: 'phone',
  cutoffHours: CLIENT_CHANGE_CUTOFF_HOURS.default,
};

/** Why a client may not change a visit online, or null when they may. */
export type ClientChangeRefusal = 'byPhone' | 'notChangeable' | 'cutoffPassed';

export interface ClientChangeWindow {
  /** The last instant the client may change it online; null when the marketplace changes visits by phone. */
  until: Date | null;
  refusal: ClientChangeRefusal | null;
}

const hourMs = 3_600_000;

/**
 * Whether a client may reschedule or cancel a visit themselves now: only a PENDING or BOOKED one, of
 * a marketplace that allows online changes, until `cutoffHours` before it starts (that instant included).
 */
export function clientChangeWindow(
  policy: ClientChangePolicy,
  appointment: { status: string; start: Date },
  now: Date,
): ClientChangeWindow {
  if (policy.mode !== 'online') return { until: null, refusal: 'byPhone' };
  const until = new Date(appointment.start.getTime() - policy.cutoffHours * hourMs);
  if (appointment.status !== 'PENDING' && appointment.status !== 'BOOKED') {
    return { until, refusal: 'notChangeable' };
  }
  return { until, refusal: now.getTime() > until.getTime() ? 'cutoffPassed' : null };
}

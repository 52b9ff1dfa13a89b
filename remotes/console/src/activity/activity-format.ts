// How the activity log reads to people: the action in words, the time, and what changed.

const actionLabels: Record<string, string> = {
  'appointment.book': 'Booked for a client',
  'appointment.clientCancel': 'The client cancelled online',
  'appointment.clientReschedule': 'The client rescheduled online',
  'appointment.outside.add': 'Added a visit booked elsewhere',
  'appointment.outside.remove': 'Removed a visit booked elsewhere',
  'marketplace.create': 'Created the marketplace',
  'marketplace.goLive': 'Made the marketplace live',
  'marketplace.goOffline': 'Took the marketplace offline',
  'paymentSettings.review': 'Reviewed the payment settings',
};

/** 'procedure.update' → 'Procedure update' for actions without a label of their own. */
export function actionLabel(action: string): string {
  const known = actionLabels[action];
  if (known) return known;
  const words = action
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export interface ChangedValue {
  field: string;
  before: string;
  after: string;
}

const shown = (value: unknown): string =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function parsed(json: string | null): unknown {
  if (json === null) return undefined;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** The fields whose values differ before and after (each field of either side, in order). */
export function changedValues(beforeJson: string | null, afterJson: string | null): ChangedValue[] {
  const before = parsed(beforeJson);
  const after = parsed(afterJson);
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  if (!isRecord(before) && !isRecord(after)) {
    return shown(before) === shown(after)
      ? []
      : [{ field: 'Value', before: shown(before), after: shown(after) }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields
    .map((field) => ({ field, before: shown(from[field]), after: shown(to[field]) }))
    .filter((change) => change.before !== change.after);
}

/**
 * A procedure's duration as shown to clients, who browse services with prices and durations:
 * '45 min', '1 hr', '1 hr 30 min', '2 hr 15 min'. Null for no duration, so the
 * caller shows nothing rather than '0 min'.
 */
export function formatDuration(minutes: number | null | undefined): string | null {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes) || minutes <= 0) return null;
  const whole = Math.round(minutes);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} hr` : `${hours} hr ${rest} min`;
}

/** A procedure's duration[] is a list; the minimum is used (and shown). Null when empty. */
export function durationLabel(durations: readonly number[] | null | undefined): string | null {
  if (!durations || durations.length === 0) return null;
  return formatDuration(Math.min(...durations));
}

// Dates and times as clients read them, at the place of the visit (the clinic's time zone, or the
// client's address's for an at-home visit), always naming the zone: "Tuesday, March 4, 2025 at
// 9:00 AM EST".

/** "(212) 555-0100" for a US number, else the international form: the domain's one phone module. */
export { formatPhone } from '@atrium/domain';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    formatters.set(key, found);
  }
  return found;
}

// ICU puts narrow no-break spaces before AM/PM; plain spaces keep texts in the GSM alphabet.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

const longDate: Intl.DateTimeFormatOptions = {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
};
const shortDate: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric' };
const time: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const timeWithZone: Intl.DateTimeFormatOptions = { ...time, timeZoneName: 'short' };

/** "Tuesday, March 4, 2025" */
export function formatDate(instant: Date, timeZone: string): string {
  return plain(formatter(timeZone, longDate).format(instant));
}

/** "Tuesday, March 4, 2025 at 9:00 AM EST" */
export function formatDateTime(instant: Date, timeZone: string): string {
  return `${formatDate(instant, timeZone)} at ${plain(formatter(timeZone, timeWithZone).format(instant))}`;
}

/** "Tue, Mar 4 at 9:00 AM EST": for text messages. */
export function formatShortDateTime(instant: Date, timeZone: string): string {
  return `${plain(formatter(timeZone, shortDate).format(instant))} at ${plain(formatter(timeZone, timeWithZone).format(instant))}`;
}

/** "Tuesday, March 4, 2025, 8:00 AM to 12:00 PM EST": a waitlist window. */
export function formatWindow(startsAt: Date, endsAt: Date, timeZone: string): string {
  const from = plain(formatter(timeZone, time).format(startsAt));
  const to = plain(formatter(timeZone, timeWithZone).format(endsAt));
  return `${formatDate(startsAt, timeZone)}, ${from} to ${to}`;
}

/** "Tue, Mar 4, 8:00 AM-12:00 PM EST": a waitlist window in a text message. */
export function formatShortWindow(startsAt: Date, endsAt: Date, timeZone: string): string {
  const from = plain(formatter(timeZone, time).format(startsAt));
  const to = plain(formatter(timeZone, timeWithZone).format(endsAt));
  return `${plain(formatter(timeZone, shortDate).format(startsAt))}, ${from}-${to}`;
}

/** "Drip, Boost and Shot" */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

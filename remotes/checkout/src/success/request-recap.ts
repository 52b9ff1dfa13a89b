import { durationLabel, TIME_OF_DAY_WINDOWS, TIMES_OF_DAY } from '@atrium/domain';
import type { AppointmentRequestRecap } from '@atrium/graphql-client/checkout';
import { TZDate, tzName } from '@date-fns/tz';
import { format } from 'date-fns';

export interface RecapService {
  id: string;
  name: string;
  /** As the rest of the app shows durations ('45 min', '1 hr 30 min'); null when there is none. */
  duration: string | null;
  addOns: { id: string; name: string; duration: string | null }[];
}

/**
 * The services as sent, each add-on under the procedure before it (the request lists a cart line's
 * procedure, then its add-ons).
 */
export function recapServices(procedures: AppointmentRequestRecap['procedures']): RecapService[] {
  const services: RecapService[] = [];
  for (const procedure of procedures) {
    const item = { id: procedure.id, name: procedure.name, duration: durationLabel(procedure.duration) };
    const owner = services.at(-1);
    if (procedure.isAddOn && owner) owner.addOns.push(item);
    else services.push({ ...item, addOns: [] });
  }
  return services;
}

/** The place in one line: the clinic's name and address, or the client's own address. */
export const recapPlace = (recap: Pick<AppointmentRequestRecap, 'clinicName' | 'address'>) =>
  recap.clinicName ? `${recap.clinicName}, ${recap.address}` : recap.address;

const timeOfDayLabel = { morning: 'Morning', afternoon: 'Afternoon', evening: 'Evening' } as const;

export type RecapWhen =
  | { kind: 'time'; date: string; time: string }
  | { kind: 'waitlist'; days: { date: string; times: string }[] };

/**
 * When, in the place's own time zone whatever zone the browser is in (as /profile shows
 * appointments): 'Wednesday, December 2, 2026' and '10:00 AM – 10:10 AM EST'; for a waitlist
 * request, each day with its times of day ('Morning, Evening') in the order of the day.
 */
export function recapWhen(
  recap: Pick<AppointmentRequestRecap, 'start' | 'end' | 'timeZone' | 'waitlistWindows'>,
): RecapWhen {
  const local = (iso: string) => new TZDate(iso, recap.timeZone);
  if (recap.start && recap.end) {
    const start = local(recap.start);
    return {
      kind: 'time',
      date: format(start, 'EEEE, MMMM d, yyyy'),
      time: `${format(start, 'h:mm a')} – ${format(local(recap.end), 'h:mm a')} ${tzName(recap.timeZone, start, 'short')}`,
    };
  }
  const days = new Map<string, { date: string; windows: { start: TZDate; end: TZDate }[] }>();
  for (const window of recap.waitlistWindows) {
    const start = local(window.start);
    const key = format(start, 'yyyy-MM-dd');
    const day = days.get(key) ?? { date: format(start, 'EEEE, MMM d, yyyy'), windows: [] };
    day.windows.push({ start, end: local(window.end) });
    days.set(key, day);
  }
  return {
    kind: 'waitlist',
    days: [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([, day]) => ({
        date: day.date,
        times: day.windows
          .sort((a, b) => a.start.getTime() - b.start.getTime())
          .map(({ start, end }) => {
            // The waitlist's own windows read as the client chose them; any other as its hours.
            const named = TIMES_OF_DAY.find(
              (time) =>
                TIME_OF_DAY_WINDOWS[time].from === start.getHours() &&
                TIME_OF_DAY_WINDOWS[time].to === end.getHours() &&
                start.getMinutes() === 0 &&
                end.getMinutes() === 0,
            );
            return named ? timeOfDayLabel[named] : `${format(start, 'h:mm a')} – ${format(end, 'h:mm a')}`;
          })
          .join(', '),
      })),
  };
}

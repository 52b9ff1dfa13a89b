import { useSearchParams } from '@atrium/navigation';
import { format } from 'date-fns';
import { parseDay, type ScheduleView } from './schedule-range';

/** The place filter's value for at-home visits (the other values are clinic ids). */
export const AT_HOME = 'home';

export interface ScheduleParams {
  view: ScheduleView;
  day: string;
  /** A clinic id, AT_HOME, or '' for every place. */
  place: string;
  /** A practitioner id, or '' for every practitioner. */
  practitioner: string;
}

/** The schedule's view as the address keeps it (?view=&date=&place=&practitioner=). */
export function useScheduleParams() {
  const [params, setParams] = useSearchParams();
  const today = format(new Date(), 'yyyy-MM-dd');
  const values: ScheduleParams = {
    view: params.get('view') === 'week' ? 'week' : 'day',
    day: parseDay(params.get('date')) ?? today,
    place: params.get('place') ?? '',
    practitioner: params.get('practitioner') ?? '',
  };
  const update = (next: Partial<ScheduleParams>) => {
    const merged = { ...values, ...next };
    const search = new URLSearchParams();
    if (merged.view === 'week') search.set('view', 'week');
    if (merged.day !== today) search.set('date', merged.day);
    if (merged.place) search.set('place', merged.place);
    if (merged.practitioner) search.set('practitioner', merged.practitioner);
    setParams(search, { replace: true });
  };
  return { values, update, today };
}

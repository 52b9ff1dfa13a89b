import { reportPeriodProblem } from '@atrium/domain';
import type { ReportPeriod } from '@atrium/graphql-client/staff-reports';
import { useSearchParams } from '@atrium/navigation';
import { format } from 'date-fns';
import { DEFAULT_PRESET, dateParam, periodPresets } from './report-period';

/**
 * The period the section shows, as the address keeps it (?from=&to=), so a report can be bookmarked
 * and shared; none, or one the API would refuse, is the default preset.
 */
export function useReportPeriod() {
  const [params, setParams] = useSearchParams();
  const today = format(new Date(), 'yyyy-MM-dd');
  const fallback = periodPresets(today).find((preset) => preset.id === DEFAULT_PRESET) as ReportPeriod;
  const from = dateParam(params.get('from'));
  const to = dateParam(params.get('to'));
  const period: ReportPeriod =
    from && to && reportPeriodProblem(from, to) === null
      ? { from, to }
      : { from: fallback.from, to: fallback.to };
  const choose = (next: ReportPeriod) => setParams({ from: next.from, to: next.to }, { replace: true });
  return { period, choose, today };
}

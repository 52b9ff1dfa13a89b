import { describe, expect, it } from 'vitest';
import { REPORT_PERIOD_MESSAGES, reportPeriodDays, reportPeriodProblem } from './report-period';

describe('a report period', () => {
  it('is a day or more, both ends included, up to 366 days', () => {
    expect(reportPeriodProblem('2026-03-01', '2026-03-01')).toBeNull();
    expect(reportPeriodDays('2026-03-01', '2026-03-31')).toBe(31);
    // 2028 is a leap year: its whole year is 366 days.
    expect(reportPeriodDays('2028-01-01', '2028-12-31')).toBe(366);
    expect(reportPeriodProblem('2028-01-01', '2028-12-31')).toBeNull();
  });

  it('is refused when it ends before it starts or is longer than 366 days', () => {
    expect(reportPeriodProblem('2026-03-02', '2026-03-01')).toBe(REPORT_PERIOD_MESSAGES.order);
    expect(reportPeriodProblem('2026-01-01', '2027-01-02')).toBe(
      'A report covers at most 366 days; choose a shorter period.',
    );
  });

  it('names the end that is not a date', () => {
    expect(reportPeriodProblem('2026-02-30', '2026-03-01')).toBe(REPORT_PERIOD_MESSAGES.fromInvalid);
    expect(reportPeriodProblem('2026-03-01', '03/04/2026')).toBe(REPORT_PERIOD_MESSAGES.toInvalid);
  });
});

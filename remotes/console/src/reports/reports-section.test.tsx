import type { StaffReport } from '@atrium/graphql-client/staff-reports';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { graphqlFetch, renderConsole } from '../test/test-support';
import ReportsSection from './reports-section';

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};

beforeEach(() => {
  resetClientValues();
  // Only the clock: "today" is Wednesday 2026-03-18 for the presets.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 18, 12, 0));
  // Nothing is laid out here: the charts' containers measure as a tablet's column would.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 640, height: 260 }),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const utilisation = (id: string | null, name: string, booked: number, working: number) => ({
  id,
  name,
  bookedMinutes: booked,
  workingMinutes: working,
  utilisation: working > 0 ? booked / working : null,
});

const report = (overrides: Partial<StaffReport> = {}): StaffReport => ({
  from: '2026-02-17',
  to: '2026-03-18',
  timeZone: 'America/New_York',
  bookings: { total: 6, pending: 1, booked: 2, complete: 1, cancelled: 1, noShow: 1 },
  collected: 13650,
  refunded: 1050,
  net: 12600,
  noShowRate: 0.5,
  days: [
    { date: '2026-03-02', appointments: 4, collected: 9100, refunded: 1050, net: 8050 },
    { date: '2026-03-03', appointments: 0, collected: 0, refunded: 0, net: 0 },
    { date: '2026-03-04', appointments: 2, collected: 4550, refunded: 0, net: 4550 },
  ],
  practitioners: [utilisation('3', 'Dana Park', 120, 540), utilisation('4', 'Eli Ray', 0, 0)],
  clinics: [utilisation('21', 'Glow Midtown', 120, 540), utilisation(null, 'At-home visits', 0, 480)],
  ...overrides,
});

const show = (url = '/1/console/reports') =>
  renderConsole(<ReportsSection marketplaceId="1" staff={owner} />, url);

/** The rows of a table named `name`, as the text of their cells. */
const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the reports', () => {
  it('shows the last 30 days: the figures, money by day, statuses and utilisation, each chart with its table', async () => {
    const api = graphqlFetch({ StaffReport: () => ({ data: { staffReport: report() } }) });
    show();
    // The charts' chunk loads first: slow on a busy machine.
    await screen.findByRole('table', { name: 'Money by day' }, { timeout: 5000 });
    expect(api.of('StaffReport').map((call) => call.variables)).toEqual([
      { marketplaceId: '1', from: '2026-02-17', to: '2026-03-18' },
    ]);
    expect(screen.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    const figures = [...document.querySelectorAll('dt')].map((term) => [
      term.textContent,
      term.nextElementSibling?.textContent,
    ]);
    expect(figures).toEqual([
      ['Appointments', '6'],
      ['Collected', '$136.50'],
      ['Refunded', '$10.50'],
      ['Net revenue', '$126.00'],
      ['No-show rate', '50%'],
    ]);
    // Days without appointments are left out; the totals are the report's.
    expect(rowsOf('Money by day')).toEqual([
      ['Mar 2', '4', '$91.00', '$10.50', '$80.50'],
      ['Mar 4', '2', '$45.50', '$0.00', '$45.50'],
      ['Total', '6', '$136.50', '$10.50', '$126.00'],
    ]);
    expect(rowsOf('Appointments by status')).toEqual([
      ['Pending', '1'],
      ['Booked', '2'],
      ['Completed', '1'],
      ['No-show', '1'],
      ['Cancelled', '1'],
      ['Total', '6'],
    ]);
    expect(rowsOf('Utilisation by practitioner')).toEqual([
      ['Dana Park', '2 hr', '9 hr', '22.2%'],
      ['Eli Ray', '0 min', '0 min', 'No working hours'],
    ]);
    expect(rowsOf('Utilisation by clinic')).toEqual([
      ['Glow Midtown', '2 hr', '9 hr', '22.2%'],
      ['At-home visits', '0 min', '8 hr', '0%'],
    ]);
    // Each chart is a figure named for its table; the drawing itself is hidden and has no tab stop.
    const charts = screen.getAllByRole('figure');
    // Recharts draws once it has measured its box, a tick after the tables: wait for the drawings.
    await waitFor(() => {
      for (const chart of charts) {
        expect(chart.querySelector('[aria-hidden="true"] svg.recharts-surface')).not.toBeNull();
      }
    });
    for (const chart of charts) expect(chart.querySelector('[tabindex]:not([tabindex="-1"])')).toBeNull();
    expect(charts.map((chart) => chart.getAttribute('aria-label'))).toEqual([
      'Bar chart of the money collected and refunded each day; the table below lists the days.',
      'Bar chart of the appointments in each status; the table below lists them.',
      "Bar chart of each practitioner's utilisation; the table below lists the practitioners.",
    ]);
  });

  it('asks for a preset’s dates, and keeps the period in the address', async () => {
    const api = graphqlFetch({ StaffReport: () => ({ data: { staffReport: report() } }) });
    const { path } = show();
    // The charts' chunk loads first: slow on a busy machine.
    await screen.findByRole('table', { name: 'Money by day' }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: 'Last month' }));
    await waitFor(() => expect(api.of('StaffReport')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    await waitFor(() => expect(api.of('StaffReport')).toHaveLength(3));
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.of('StaffReport')).toHaveLength(4));
    expect(api.of('StaffReport').map((call) => [call.variables.from, call.variables.to])).toEqual([
      ['2026-02-17', '2026-03-18'],
      ['2026-02-01', '2026-02-28'],
      ['2026-03-01', '2026-03-18'],
      ['2026-03-12', '2026-03-18'],
    ]);
    expect(path()).toBe('/1/console/reports?from=2026-03-12&to=2026-03-18');
    expect(screen.getByText('Mar 12, 2026 – Mar 18, 2026')).toBeTruthy();
  });

  it('checks a custom period before asking for it', async () => {
    const api = graphqlFetch({ StaffReport: () => ({ data: { staffReport: report() } }) });
    const { path } = show('/1/console/reports?from=2026-01-05&to=2026-01-11');
    // The charts' chunk loads first: slow on a busy machine.
    await screen.findByRole('table', { name: 'Money by day' }, { timeout: 5000 });
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['2026-01-05', '2026-01-11']);
    // No preset is this period.
    for (const button of within(screen.getByRole('group', { name: 'Period' })).getAllByRole('button')) {
      expect(button.getAttribute('aria-pressed')).toBe('false');
    }
    fireEvent.change(from, { target: { value: '2026-01-12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show period' }));
    expect(await screen.findByText('The period must not end before it starts.')).toBeTruthy();
    expect(document.activeElement).toBe(to);
    fireEvent.change(from, { target: { value: '2025-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show period' }));
    expect(
      await screen.findByText('A report covers at most 366 days; choose a shorter period.'),
    ).toBeTruthy();
    expect(api.of('StaffReport')).toHaveLength(1);

    fireEvent.change(from, { target: { value: '2025-12-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show period' }));
    await waitFor(() => expect(api.of('StaffReport')).toHaveLength(2));
    expect(api.of('StaffReport')[1]?.variables).toMatchObject({ from: '2025-12-01', to: '2026-01-11' });
    expect(path()).toBe('/1/console/reports?from=2025-12-01&to=2026-01-11');
  });

  it('says when the period has no appointments', async () => {
    graphqlFetch({
      StaffReport: () => ({
        data: {
          staffReport: report({
            bookings: { total: 0, pending: 0, booked: 0, complete: 0, cancelled: 0, noShow: 0 },
            collected: 0,
            refunded: 0,
            net: 0,
            noShowRate: null,
            days: [],
          }),
        },
      }),
    });
    show();
    expect(await screen.findByText('No appointments in this period.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export payments (CSV)' })).toBeNull();
  });

  it('says so when the report cannot be loaded, with a retry', async () => {
    let fail = true;
    graphqlFetch({
      StaffReport: () =>
        fail
          ? {
              errors: [
                { message: 'The report could not be loaded.', extensions: { code: 'SERVICE_UNAVAILABLE' } },
              ],
            }
          : { data: { staffReport: report() } },
    });
    show();
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Money by day' })).toBeTruthy();
  });

  it('downloads the period’s payments and appointments as CSV files', async () => {
    const api = graphqlFetch({
      StaffReport: () => ({ data: { staffReport: report() } }),
      StaffReportPaymentsCsv: () => ({ data: { staffReportPaymentsCsv: 'ID,Kind\n1,charge\n' } }),
      StaffReportAppointmentsCsv: () => ({
        errors: [{ message: 'Your role does not allow this.', extensions: { code: 'FORBIDDEN' } }],
      }),
    });
    const files: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:report';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Export payments (CSV)' }));
    await waitFor(() => expect(names).toEqual(['payments-2026-02-17-to-2026-03-18.csv']));
    expect(await files[0]?.text()).toBe('ID,Kind\n1,charge\n');
    expect(files[0]?.type).toBe('text/csv;charset=utf-8');
    expect(api.of('StaffReportPaymentsCsv')[0]?.variables).toEqual({
      marketplaceId: '1',
      from: '2026-02-17',
      to: '2026-03-18',
    });
    // A refused export says why, and nothing is downloaded.
    fireEvent.click(screen.getByRole('button', { name: 'Export appointments (CSV)' }));
    expect(await screen.findByText('Your role does not allow this.')).toBeTruthy();
    expect(names).toHaveLength(1);
  });
});

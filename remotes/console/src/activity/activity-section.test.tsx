import type { ActivityLogEntry } from '@atrium/graphql-client/staff-setup';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleStaff } from '../shell/console-staff';
import { graphqlFetch, renderConsole } from '../test/test-support';
import { formatWhen } from './activity-format';
import ActivitySection from './activity-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};

const entry = (id: string, overrides: Partial<ActivityLogEntry> = {}): ActivityLogEntry => ({
  id,
  at: '2026-11-24T15:30:00.000Z',
  actor: 'o@glow.example',
  action: 'procedure.update',
  subject: `Service “Drip ${id}”`,
  before: '{"price":12000,"name":"Drip"}',
  after: '{"price":13500,"name":"Drip"}',
  ...overrides,
});
const page = (entries: ActivityLogEntry[], endCursor: string | null, hasNextPage: boolean) => ({
  data: { activityLog: { entries, endCursor, hasNextPage } },
});

const show = () => renderConsole(<ActivitySection marketplaceId="1" staff={owner} />, '/1/console/activity');

describe('the activity log', () => {
  it('lists when, who, what and the subject, newest first, with the changed values on request', async () => {
    graphqlFetch({
      ActivityLog: () =>
        page(
          [
            entry('2'),
            entry('1', {
              actor: 'operator',
              action: 'marketplace.create',
              subject: 'Marketplace “Glow”',
              before: null,
              after: '{"name":"Glow"}',
            }),
          ],
          'c1',
          false,
        ),
    });
    show();
    const table = await screen.findByRole('table', { name: 'Activity' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [formatWhen('2026-11-24T15:30:00.000Z'), 'o@glow.example', 'Procedure update', 'Service “Drip 2”'],
      [
        formatWhen('2026-11-24T15:30:00.000Z'),
        'Platform operator',
        'Created the marketplace',
        'Marketplace “Glow”',
      ],
    ]);
    const toggle = screen.getByRole('button', { name: 'Show changes: Procedure update, Service “Drip 2”' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    // Only what changed: the price, not the name.
    expect(details?.textContent).toBe('FieldBeforeAfterpriceBefore: 12000After: 13500');
    fireEvent.click(screen.getByRole('button', { name: 'Hide changes: Procedure update, Service “Drip 2”' }));
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('shows older changes a page at a time', async () => {
    const api = graphqlFetch({
      ActivityLog: (variables) =>
        variables.after === 'c2'
          ? page([entry('1')], 'c1', false)
          : page([entry('3'), entry('2')], 'c2', true),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Show older changes' }));
    await waitFor(() => expect(screen.getByText('Service “Drip 1”')).toBeTruthy());
    expect(api.of('ActivityLog').map((call) => call.variables)).toEqual([
      { marketplaceId: '1', first: 25, after: null },
      { marketplaceId: '1', first: 25, after: 'c2' },
    ]);
    expect(screen.queryByRole('button', { name: 'Show older changes' })).toBeNull();
  });

  it('says when nothing has been changed yet', async () => {
    graphqlFetch({ ActivityLog: () => page([], null, false) });
    show();
    expect(await screen.findByText('Nothing has been changed yet.')).toBeTruthy();
  });

  it('says so when the log cannot be loaded, with a retry', async () => {
    let fail = true;
    graphqlFetch({
      ActivityLog: () =>
        fail
          ? {
              errors: [
                { message: 'The activity could not be loaded.', extensions: { code: 'SERVICE_UNAVAILABLE' } },
              ],
            }
          : page([entry('1')], 'c1', false),
    });
    show();
    expect(await screen.findByText('The activity could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Service “Drip 1”')).toBeTruthy();
  });
});

import { on, resetClientValues } from '@atrium/stores';
import { Text } from '@atrium/ui';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ConsoleSection, sectionsFor } from '../sections';
import {
  graphqlFetch,
  renderConsole,
  requestFixture,
  signIn,
  staffViewerFixture,
} from '../test/test-support';
import { ConsolePage } from './console-page';
import { ConsoleShell } from './console-shell';

afterEach(cleanup);
beforeEach(() => resetClientValues());

describe('the staff gate', () => {
  it('asks a signed-out browser to sign in, with the clients’ sign-in dialog, back to this page', async () => {
    const opened: unknown[] = [];
    on('sign-in:open', (request) => void opened.push(request));
    graphqlFetch({});
    renderConsole(<ConsolePage marketplaceId="1" />, '/1/console/requests');

    expect(screen.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeTruthy();
    expect(screen.getByText('Sign in with your staff account to use Glow’s console.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(opened).toEqual([{ redirectTo: '/1/console/requests' }]);
  });

  it('tells a signed-in user who is not on the staff so, with a sign-out', async () => {
    signIn('ana@example.com');
    const api = graphqlFetch({ StaffViewer: () => ({ data: { staffViewer: null } }) });
    renderConsole(<ConsolePage marketplaceId="1" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Not on the staff' })).toBeTruthy();
    expect(screen.getByText(/This account \(ana@example.com\) is not on Glow’s staff\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(api.of('StaffViewer')[0]?.variables).toEqual({ marketplaceId: '1' });
  });

  it('opens the first section the member’s role may use', async () => {
    signIn();
    graphqlFetch({
      StaffViewer: () => ({ data: { staffViewer: staffViewerFixture('FRONT_DESK') } }),
      StaffRequests: () => ({ data: { staffRequests: [requestFixture()] } }),
    });
    const { path } = renderConsole(<ConsolePage marketplaceId="1" />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeTruthy();
    expect(path()).toBe('/1/console/requests');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    const link = within(nav).getByRole('link', { name: 'Requests' });
    expect(link.getAttribute('href')).toBe('/1/console/requests');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('says so when the staff query fails, with a retry', async () => {
    signIn();
    let fail = true;
    graphqlFetch({
      StaffViewer: () =>
        fail
          ? {
              errors: [
                {
                  message: 'There was an issue with retrieving the user information',
                  extensions: { code: 'SERVICE_UNAVAILABLE' },
                },
              ],
            }
          : { data: { staffViewer: null } },
    });
    renderConsole(<ConsolePage marketplaceId="1" />);
    expect(await screen.findByText('There was an issue with retrieving the user information')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not on the staff' })).toBeTruthy();
  });
});

describe('the sections', () => {
  const page = (name: string) => lazy(async () => ({ default: () => <Text>{name} page</Text> }));
  const sections: ConsoleSection[] = [
    { path: 'requests', label: 'Requests', operation: 'viewRequests', page: page('Requests') },
    { path: 'payouts', label: 'Payouts', operation: 'confirmAppointment', page: page('Payouts') },
  ];

  it('are those whose operation the role may use, in the list’s order', () => {
    expect(sectionsFor('owner', sections).map((s) => s.label)).toEqual(['Requests', 'Payouts']);
    expect(sectionsFor('front_desk', sections).map((s) => s.label)).toEqual(['Requests', 'Payouts']);
    expect(sectionsFor('practitioner', sections).map((s) => s.label)).toEqual(['Requests']);
  });

  it('a role neither sees nor opens a section it may not use', async () => {
    graphqlFetch({});
    const staff = {
      role: 'practitioner',
      name: 'Dana Park',
      email: 'p@glow.example',
      practitionerId: '3',
    } as const;
    renderConsole(<ConsoleShell marketplaceId="1" staff={staff} sections={sections} />, '/1/console/payouts');

    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Requests']);
    expect(screen.getByRole('heading', { level: 1, name: 'Section not found' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('link', { name: 'Requests' }));
    await waitFor(() => expect(screen.getByText('Requests page')).toBeTruthy());
  });
});

import type { MarketplaceSetup } from '@atrium/graphql-client/staff-setup';
import { resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsolePage } from '../shell/console-page';
import type { ConsoleStaff } from '../shell/console-staff';
import {
  collectToasts,
  graphqlFetch,
  queryClientWithMarketplace,
  renderConsole,
  signIn,
  staffViewerFixture,
} from '../test/test-support';
import SetupSection from './setup-section';

afterEach(cleanup);
beforeEach(() => resetClientValues());

const owner: ConsoleStaff = {
  role: 'owner',
  name: 'Olga Owner',
  email: 'o@glow.example',
  practitionerId: null,
};

type Key = MarketplaceSetup['steps'][number]['key'];
const step = (key: Key, done: boolean): MarketplaceSetup['steps'][number] => {
  const facts: Record<Key, [string, boolean, MarketplaceSetup['steps'][number]['section']]> = {
    BRANDING: ['Branding', false, 'SETTINGS'],
    PLACE: ['A place to book', true, 'SETTINGS'],
    SERVICES: ['Services', true, 'CATALOGUE'],
    TEAM: ['Team and hours', true, 'TEAM'],
    PAYMENT_SETTINGS: ['Payment settings', true, 'SETTINGS'],
  };
  const [title, required, section] = facts[key];
  return { key, title, description: `${title} ${done ? 'is done' : 'is missing'}.`, done, required, section };
};
const setupOf = (done: Key[], isLive = false): MarketplaceSetup => {
  const steps = (['BRANDING', 'PLACE', 'SERVICES', 'TEAM', 'PAYMENT_SETTINGS'] as const).map((key) =>
    step(key, done.includes(key)),
  );
  return {
    marketplaceId: '1',
    isLive,
    timeZone: 'America/New_York',
    plansAtHome: false,
    ready: steps.every((item) => item.done || !item.required),
    steps,
  };
};
const everyRequired: Key[] = ['PLACE', 'SERVICES', 'TEAM', 'PAYMENT_SETTINGS'];

const show = () => renderConsole(<SetupSection marketplaceId="1" staff={owner} />, '/1/console/setup');

describe('the Setup checklist', () => {
  it('is where an owner lands in the console while the marketplace is not live, first in the navigation', async () => {
    signIn('o@glow.example');
    graphqlFetch({
      StaffViewer: () => ({ data: { staffViewer: staffViewerFixture('OWNER') } }),
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf([]) } }),
    });
    const { path } = renderConsole(<ConsolePage marketplaceId="1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup' })).toBeTruthy();
    expect(path()).toBe('/1/console/setup');
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getAllByRole('link')[0]?.textContent).toBe('Setup');
    expect(within(nav).getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe(
      '/1/console/activity',
    );
  });

  it('lets the owner of a live marketplace land on the day’s requests', async () => {
    signIn('o@glow.example');
    graphqlFetch({
      StaffViewer: () => ({ data: { staffViewer: staffViewerFixture('OWNER') } }),
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(everyRequired, true) } }),
      StaffRequests: () => ({ data: { staffRequests: [] } }),
    });
    const { path } = renderConsole(<ConsolePage marketplaceId="1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests' })).toBeTruthy();
    expect(path()).toBe('/1/console/requests');
  });

  it('shows each step done or to do, with a link to the section that does it, and holds Make live back', async () => {
    graphqlFetch({ MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(['PLACE']) } }) });
    show();
    const list = await screen.findByRole('list', { name: 'Setup steps' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Branding',
      'A place to book',
      'Services',
      'Team and hours',
      'Payment settings',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Optional')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Done')).toBeTruthy();
    expect(within(items[2] as HTMLElement).getByText('To do')).toBeTruthy();
    const services = within(items[2] as HTMLElement).getByRole('link', {
      name: 'Go to Catalogue for services',
    });
    expect(services.getAttribute('href')).toBe('/1/console/catalogue');
    expect(
      within(items[3] as HTMLElement)
        .getByRole('link', { name: 'Go to Team for team and hours' })
        .getAttribute('href'),
    ).toBe('/1/console/team');
    expect(screen.getByText('1 of 4 required steps done')).toBeTruthy();
    expect(screen.getByText('Not live')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Make live' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Finish the required steps to go live.')).toBeTruthy();
  });

  it('marks the payment settings reviewed, and the step turns done', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(['PLACE', 'SERVICES', 'TEAM']) } }),
      MarkPaymentSettingsReviewed: () => ({ data: { markPaymentSettingsReviewed: setupOf(everyRequired) } }),
      ActivityLog: () => ({ data: { activityLog: { entries: [], endCursor: null, hasNextPage: false } } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as reviewed' }));
    await waitFor(() => expect(screen.getByText('4 of 4 required steps done')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Mark as reviewed' })).toBeNull();
    expect(api.of('MarkPaymentSettingsReviewed')[0]?.variables).toEqual({ marketplaceId: '1' });
    expect(toasts).toEqual([{ type: 'success', message: 'Payment settings marked as reviewed.' }]);
  });

  it('makes the marketplace live after confirming, and says so', async () => {
    const toasts = collectToasts();
    const api = graphqlFetch({
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(everyRequired) } }),
      MakeMarketplaceLive: () => ({ data: { makeMarketplaceLive: setupOf(everyRequired, true) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Make live' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make your marketplace live?' });
    expect(dialog.textContent).toContain('Clients can book it from their next page load.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make live' }));
    expect(await screen.findByText('Live')).toBeTruthy();
    expect(api.of('MakeMarketplaceLive')).toHaveLength(1);
    expect(toasts).toEqual([{ type: 'success', message: 'Your marketplace is live: clients can book it.' }]);
    expect(screen.getByRole('button', { name: 'Take offline' })).toBeTruthy();
  });

  it("shows the server's reason when going live is refused", async () => {
    graphqlFetch({
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(everyRequired) } }),
      MakeMarketplaceLive: () => ({
        errors: [
          {
            message: 'Finish the setup before going live: team and hours.',
            extensions: { code: 'SETUP_INCOMPLETE' },
          },
        ],
      }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Make live' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make live' }));
    expect(await screen.findByText('Finish the setup before going live: team and hours.')).toBeTruthy();
    expect(screen.getByText('Not live')).toBeTruthy();
  });

  it('takes a live marketplace offline only after confirming', async () => {
    const api = graphqlFetch({
      MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(everyRequired, true) } }),
      TakeMarketplaceOffline: () => ({ data: { takeMarketplaceOffline: setupOf(everyRequired, false) } }),
    });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Take offline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take your marketplace offline?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.of('TakeMarketplaceOffline')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Take offline' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Take offline' }),
    );
    expect(await screen.findByText('Not live')).toBeTruthy();
    expect(api.of('TakeMarketplaceOffline')).toHaveLength(1);
  });

  it('reads the checklist again each time it shows, as other sections complete its steps', async () => {
    let done: Key[] = ['PLACE'];
    graphqlFetch({ MarketplaceSetup: () => ({ data: { marketplaceSetup: setupOf(done) } }) });
    const queryClient = queryClientWithMarketplace();
    const first = renderConsole(
      <SetupSection marketplaceId="1" staff={owner} />,
      '/1/console/setup',
      queryClient,
    );
    expect(await screen.findByText('1 of 4 required steps done')).toBeTruthy();
    first.unmount();
    // Services added in the Catalogue meanwhile.
    done = ['PLACE', 'SERVICES'];
    renderConsole(<SetupSection marketplaceId="1" staff={owner} />, '/1/console/setup', queryClient);
    expect(await screen.findByText('2 of 4 required steps done')).toBeTruthy();
  });

  it('says so when the checklist cannot be loaded, with a retry', async () => {
    let fail = true;
    graphqlFetch({
      MarketplaceSetup: () =>
        fail
          ? {
              errors: [
                { message: 'The setup could not be loaded.', extensions: { code: 'SERVICE_UNAVAILABLE' } },
              ],
            }
          : { data: { marketplaceSetup: setupOf([]) } },
    });
    show();
    expect(await screen.findByText('The setup could not be loaded.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0 of 4 required steps done')).toBeTruthy();
  });
});

import { createQueryClient, marketplaceQueryOptions } from '@atrium/graphql-client';
import { $accountTab, $alertVerifyEmail, $marketplaceId, $user, on, resetClientValues } from '@atrium/stores';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './profile-page';
import {
  collectToasts,
  graphqlFetch,
  marketplaceFixture,
  renderPage,
  signIn,
  viewerFixture,
} from './test-support';

afterEach(cleanup);
beforeEach(() => {
  resetClientValues();
  $marketplaceId.set('1');
});

function withMarketplace() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(marketplaceQueryOptions('1').queryKey, marketplaceFixture());
  return queryClient;
}

const fullNameOf = (viewer: ReturnType<typeof viewerFixture>) =>
  `${viewer.profile.givenName} ${viewer.profile.familyName}`;

const noSession = () => ({
  errors: [{ message: 'Please sign in to continue.', extensions: { code: 'UNAUTHENTICATED' } }],
});

const viewerAnswer =
  (viewer = viewerFixture()) =>
  () => ({ data: { viewer } });

describe('the /profile page', () => {
  it('asks a signed-out visitor to sign in once the server says there is no session, and comes back here afterwards', async () => {
    const opened = vi.fn();
    on('sign-in:open', opened);
    const api = graphqlFetch({ ProfileViewer: noSession });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect(
      await screen.findByText('Sign in to see your profile, saved cards and appointments.'),
    ).toBeTruthy();
    expect(opened).toHaveBeenCalledWith({ redirectTo: '/1/profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(opened).toHaveBeenCalledTimes(2);
    expect(api.calls.map((call) => call.operationName)).toEqual(['ProfileViewer']);
  });

  it('shows the profile of a session the browser holds with no remembered user (another marketplace cleared it), never opening sign-in', async () => {
    const opened = vi.fn();
    on('sign-in:open', opened);
    graphqlFetch({ ProfileViewer: viewerAnswer() });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect(screen.getByRole('status', { name: 'Loading your profile' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lee' })).toBeTruthy();
    expect(opened).not.toHaveBeenCalled();
    expect(screen.queryByText('Sign in to see your profile, saved cards and appointments.')).toBeNull();
    // The shell remembers the user the server answered with (the header shows My Profile).
    expect($user.get()).toMatchObject({ id: '7', email: 'ana@example.com' });
  });

  it('opens sign-in over a remembered user whose session the server no longer knows, and forgets the user', async () => {
    signIn();
    const opened = vi.fn();
    on('sign-in:open', opened);
    graphqlFetch({ ProfileViewer: noSession });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect(
      await screen.findByText('Sign in to see your profile, saved cards and appointments.'),
    ).toBeTruthy();
    expect(opened).toHaveBeenCalledWith({ redirectTo: '/1/profile' });
    expect($user.get()).toBeNull();
  });

  it('shows the profile once the client signs in (in another tab) after the server said no', async () => {
    let session = false;
    const api = graphqlFetch({ ProfileViewer: () => (session ? viewerAnswer()() : noSession()) });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());
    expect(
      await screen.findByText('Sign in to see your profile, saved cards and appointments.'),
    ).toBeTruthy();

    session = true;
    act(() => signIn());
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lee' })).toBeTruthy();
    expect(api.of('ProfileViewer')).toHaveLength(2);
  });

  it('raises the pending-email flow for an unconfirmed email instead of showing the profile', async () => {
    signIn();
    graphqlFetch({ ProfileViewer: viewerAnswer(viewerFixture({ emailConfirmed: false })) });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect(await screen.findByText('Please confirm your email address to continue.')).toBeTruthy();
    expect($alertVerifyEmail.get()).toBe(true);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('asks a client without a profile to complete it', async () => {
    signIn();
    graphqlFetch({
      ProfileViewer: viewerAnswer(
        viewerFixture({
          profile: {
            email: 'ana@example.com',
            givenName: null,
            familyName: null,
            dob: null,
            phone: null,
            address: null,
            sexAssignedAtBirth: null,
            tzid: null,
          },
        }),
      ),
    });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Profile' }));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('puts focus on the name heading once the completed profile replaces the form', async () => {
    signIn();
    const incomplete = viewerFixture({
      profile: { ...viewerFixture().profile, givenName: null, familyName: null },
    });
    let saved = false;
    graphqlFetch({
      ProfileViewer: () => ({ data: { viewer: saved ? viewerFixture() : incomplete } }),
      UpdateProfile: () => {
        saved = true;
        return { data: { updateProfile: viewerFixture() } };
      },
    });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Complete Profile' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'First Name' }), { target: { value: 'Ana' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Last Name' }), { target: { value: 'Lima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const heading = await screen.findByRole('heading', { level: 2, name: fullNameOf(viewerFixture()) });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('shows the name, the membership badge and the tabs, the chosen tab kept in the account-tab store', async () => {
    signIn();
    const api = graphqlFetch({
      ProfileViewer: viewerAnswer(
        viewerFixture({
          primaryInstrumentId: '1',
          paymentInstruments: [
            {
              id: '1',
              brand: 'AMEX',
              lastFour: '0005',
              expirationMonth: 1,
              expirationYear: 2031,
              isPrimary: true,
            },
          ],
          memberships: [
            {
              id: '9',
              status: 'Active',
              renewalDate: '2030-07-01',
              membershipDefinition: { name: 'Glow Club' },
            },
          ],
        }),
      ),
      ProfileAppointments: () => ({ data: { profileAppointments: [] } }),
    });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lee' })).toBeTruthy();
    expect(screen.getByText('Active Member').dataset.active).toBe('true');
    expect(api.of('ProfileViewer')[0]?.variables).toEqual({ mgId: '10', marketplaceId: '1' });
    // Below the summary: the primary card and the membership with its renewal.
    expect(screen.getByRole('region', { name: 'Payment Method' }).textContent).toContain(
      'American Express ending in 0005',
    );
    const membership = screen.getByRole('region', { name: 'Membership' });
    expect(membership.textContent).toContain('Glow Club');
    expect(membership.textContent).toContain('Renews July 1, 2030');
    expect(within(membership).getByRole('link').getAttribute('href')).toBe(
      '/1/memberships?q=memberships&prev=profile',
    );

    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Profile', 'Wallet', 'Appointments']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect($accountTab.get()).toBe('wallet');
    expect(await screen.findByRole('heading', { name: 'Saved Cards' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Appointments' }));
    expect($accountTab.get()).toBe('appointments');
    expect(await screen.findByText('No upcoming appointments.')).toBeTruthy();
  });

  it('moves focus into the edit form when it opens, and back to Edit Profile when it closes', async () => {
    signIn();
    graphqlFetch({ ProfileViewer: viewerAnswer() });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    const edit = await screen.findByRole('button', { name: 'Edit Profile' });
    fireEvent.click(edit);
    const form = screen.getByRole('form', { name: 'Edit Profile' });
    await waitFor(() =>
      expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'First Name' })),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Profile' })),
    );
    // Only closing the form moves focus: showing the tab again leaves it where the client put it.
    const walletTab = screen.getByRole('tab', { name: 'Wallet' });
    walletTab.focus();
    fireEvent.click(walletTab);
    fireEvent.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).not.toBe(document.activeElement);
  });

  it('marks the badge inactive without an Active membership, and shows Cancelled as Good until', async () => {
    signIn();
    graphqlFetch({
      ProfileViewer: viewerAnswer(
        viewerFixture({
          memberships: [
            {
              id: '9',
              status: 'Cancelled',
              renewalDate: '2030-07-01',
              membershipDefinition: { name: 'Glow Club' },
            },
          ],
        }),
      ),
    });
    renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    expect((await screen.findByText('No Active Membership')).dataset.active).toBe('false');
    expect(screen.getByRole('region', { name: 'Membership' }).textContent).toContain(
      'Good until July 1, 2030',
    );
    expect(screen.getByRole('region', { name: 'Payment Method' }).textContent).toContain(
      'No payment method on file',
    );
  });

  it("logs out: session ended, local data cleared, 'Logged out successfully', the root page — no sign-in prompt", async () => {
    signIn();
    const opened = vi.fn();
    on('sign-in:open', opened);
    const api = graphqlFetch({ ProfileViewer: viewerAnswer(), Logout: () => ({ data: { logout: true } }) });
    const toasts = collectToasts();
    const page = renderPage(<ProfilePage marketplaceId="1" />, withMarketplace());

    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(page.path()).toBe('/'));
    expect(api.of('Logout')).toHaveLength(1);
    // The profile is not asked for again after the client signed out.
    expect(api.of('ProfileViewer')).toHaveLength(1);
    expect($user.get()).toBeNull();
    expect($marketplaceId.get()).toBe('1');
    expect(toasts).toContainEqual({ type: 'success', message: 'Logged out successfully' });
    expect(opened).not.toHaveBeenCalled();
  });
});

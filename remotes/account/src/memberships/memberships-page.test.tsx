import { configureGraphQLClient, createQueryClient, marketplaceQueryOptions } from '@atrium/graphql-client';
import type { HeldMembership, HeldPackageItem, MembershipPlans } from '@atrium/graphql-client/memberships';
import { $accountTab, $marketplaceId, on, resetClientValues } from '@atrium/stores';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectToasts, graphqlFetch, marketplaceFixture, renderPage, signIn } from '../profile/test-support';
import { MembershipsPage } from './memberships-page';

afterEach(cleanup);
beforeEach(() => {
  resetClientValues();
  $marketplaceId.set('1');
});

function withMarketplace() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(
    marketplaceQueryOptions('1').queryKey,
    marketplaceFixture({ categories: [{ id: '11', name: 'IV Therapy' }] as never }),
  );
  return queryClient;
}

const fourIvs = {
  id: '40',
  name: 'Four IVs',
  description: 'Prepaid drips at a saving.',
  list: 'Use within a year\nAny clinic',
  price: 60000,
  packageItemDefinitions: [{ id: '41', points: 4, procedureGroups: ['11'] }],
};

const plans = (overrides: Partial<MembershipPlans> = {}): MembershipPlans => ({
  id: '1',
  membershipDefinitions: [
    {
      id: '3',
      name: 'Glow Club',
      price: 9900,
      period: 'monthly',
      description: 'A drip every month.',
      list: 'One IV a month\nPriority booking',
      packageId: '40',
      package: fourIvs,
      discounts: [{ id: '5', percentage: 15, procedureGroups: ['11'] }],
    },
    {
      id: '4',
      name: 'Glow Annual',
      price: 99000,
      period: 'yearly',
      description: null,
      list: null,
      packageId: null,
      package: null,
      discounts: [],
    },
  ],
  packages: [fourIvs],
  ...overrides,
});

const glowClub = (status: 'Active' | 'Cancelled'): HeldMembership => ({
  id: '9',
  membershipDefinitionId: '3',
  renewalDate: '2030-07-01',
  status,
  membershipDefinition: { id: '3', name: 'Glow Club', period: 'monthly' },
});

const item = (balance: number): HeldPackageItem => ({
  id: '70',
  packageItemDefinitionId: '41',
  membershipId: null,
  totalPoints: 4,
  balance,
  packageName: 'Four IVs',
  expiresAt: null,
});

/** The viewer's holdings as the server keeps them, changed by the mutations the page sends. */
function server(initial: { primaryInstrumentId?: string | null; memberships?: HeldMembership[] } = {}) {
  const state = {
    primaryInstrumentId: initial.primaryInstrumentId ?? null,
    memberships: initial.memberships ?? [],
    packageItems: [] as HeldPackageItem[],
  };
  const active = () => state.memberships.some((membership) => membership.status === 'Active');
  const setStatus = (status: 'Active' | 'Cancelled') => {
    state.memberships = [glowClub(status)];
    return {
      data: { [status === 'Active' ? 'reactivateMembership' : 'cancelMembership']: glowClub(status) },
    };
  };
  return graphqlFetch({
    MembershipPlans: () => ({ data: { marketplace: plans() } }),
    ViewerMemberships: () => ({
      data: {
        viewer: {
          id: '7',
          primaryInstrumentId: state.primaryInstrumentId,
          memberships: state.memberships,
          packageItems: state.packageItems,
          membershipBalance: active() ? { balance: 3, totalPoints: 4 } : null,
          packageBalance: {
            balance: state.packageItems.reduce((sum, held) => sum + held.balance, 0),
            totalPoints: state.packageItems.reduce((sum, held) => sum + held.totalPoints, 0),
          },
        },
      },
    }),
    CreateMembership: () => {
      state.memberships = [glowClub('Active')];
      return { data: { createMembership: glowClub('Active') } };
    },
    CancelMembership: () => setStatus('Cancelled'),
    ReactivateMembership: () => setStatus('Active'),
    PurchasePackage: () => {
      state.packageItems = [item(4)];
      return { data: { purchasePackage: state.packageItems } };
    },
  });
}

const renderAt = (url: string) =>
  renderPage(<MembershipsPage marketplaceId="1" />, withMarketplace(), { route: '/1/memberships', url });

const card = (name: string) => screen.getByRole('listitem', { name });

describe('the /memberships page', () => {
  it('lists the plans to a signed-out visitor, offers sign-in, and goes back to checkout', async () => {
    const opened = vi.fn();
    on('sign-in:open', opened);
    const api = server();
    const page = renderAt('/1/memberships');

    const club = await screen.findByRole('listitem', { name: 'Glow Club' });
    expect(club.textContent).toContain('$99.00 / month');
    expect(club.textContent).toContain('A drip every month.');
    expect(within(club).getByRole('list', { name: 'Glow Club benefits' }).textContent).toBe(
      'One IV a monthPriority booking',
    );
    expect(within(club).getByRole('list', { name: 'Glow Club discounts' }).textContent).toBe(
      '15% off IV Therapy',
    );
    expect(card('Glow Annual').textContent).toContain('$990.00 / year');
    expect(screen.getByText('Sign in to buy a membership or package and see your points.')).toBeTruthy();
    // The plans stay in view: sign-in opens when asked for, and comes back here.
    expect(opened).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(opened).toHaveBeenCalledWith({ redirectTo: '/1/memberships' });
    expect(screen.queryByTestId('membership-balance')).toBeNull();

    fireEvent.click(within(club).getByRole('button', { name: 'Purchase Glow Club' }));
    expect(opened).toHaveBeenCalledTimes(2);
    expect(api.of('ViewerMemberships')).toEqual([]);
    expect(api.of('CreateMembership')).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Back to checkout' }));
    expect(page.path()).toBe('/1/resume');
  });

  it("says 'No memberships available' on both tabs, and the tab follows and sets q", async () => {
    server();
    graphqlFetch({
      MembershipPlans: () => ({ data: { marketplace: plans({ membershipDefinitions: [], packages: [] }) } }),
    });
    const page = renderAt('/1/memberships?q=packages&prev=profile');

    expect(await screen.findByText('No memberships available')).toBeTruthy();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Memberships', 'false'],
      ['Packages', 'true'],
    ]);
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'ArrowLeft' });
    expect(page.search()).toBe('?q=memberships&prev=profile');
    expect(screen.getByRole('tab', { name: 'Memberships' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('No memberships available')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Back to profile' }));
    expect(page.path()).toBe('/1/profile');
  });

  it("refuses a purchase without a primary card with 'Please add a payment method to purchase a package'", async () => {
    signIn();
    const api = server();
    const toasts = collectToasts();
    const page = renderAt('/1/memberships?prev=profile');

    expect(screen.getByTestId('membership-balance').textContent).toBe('Loading');
    await waitFor(() =>
      expect(screen.getByTestId('membership-balance').textContent).toBe('No Active Membership'),
    );
    expect(api.of('ViewerMemberships')[0]?.variables).toEqual({ mgId: '10', marketplaceId: '1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase Glow Club' }));

    expect(toasts).toEqual([{ type: 'error', message: 'Please add a payment method to purchase a package' }]);
    expect(api.of('CreateMembership')).toEqual([]);
    const notice = screen.getByRole('region', { name: 'Payment method needed' });
    expect(notice.textContent).toContain('Please add a payment method to purchase a package');
    fireEvent.click(within(notice).getByRole('link', { name: 'Add a card in your wallet' }));
    expect(page.path()).toBe('/1/profile');
    expect($accountTab.get()).toBe('wallet');
  });

  it('buys a membership with the primary card, then cancels it and renews it', async () => {
    signIn();
    const api = server({ primaryInstrumentId: '5' });
    const toasts = collectToasts();
    renderAt('/1/memberships?q=memberships');

    const purchase = await screen.findByRole('button', { name: 'Purchase Glow Club' });
    await waitFor(() =>
      expect(screen.getByTestId('membership-balance').textContent).toBe('No Active Membership'),
    );
    fireEvent.click(purchase);

    await waitFor(() => expect(card('Glow Club').textContent).toContain('Renews July 1, 2030'));
    expect(api.of('CreateMembership')[0]?.variables).toEqual({
      marketplaceId: '1',
      paymentInstrumentId: '5',
      membershipDefinitionId: '3',
      idempotencyKey: expect.any(String),
    });
    expect(toasts).toContainEqual({ type: 'success', message: 'Membership purchased successfully' });
    expect(screen.getByTestId('membership-balance').textContent).toBe('75% remaining');
    // One Active membership per marketplace: the others cannot be bought meanwhile.
    expect(screen.getByRole('button', { name: 'Purchase Glow Annual' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(card('Glow Club')).getByRole('button', { name: 'Cancel Glow Club' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel membership' });
    expect(dialog.textContent).toContain('its benefits stay until July 1, 2030');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));

    await waitFor(() => expect(card('Glow Club').textContent).toContain('Good until July 1, 2030'));
    expect(api.of('CancelMembership')[0]?.variables).toEqual({ id: '9' });
    expect(toasts).toContainEqual({ type: 'success', message: 'Membership cancelled successfully' });
    expect(screen.getByTestId('membership-balance').textContent).toBe('No Active Membership');

    fireEvent.click(within(card('Glow Club')).getByRole('button', { name: 'Renew Glow Club' }));
    await waitFor(() => expect(card('Glow Club').textContent).toContain('Renews July 1, 2030'));
    expect(api.of('ReactivateMembership')[0]?.variables).toEqual({
      id: '9',
      idempotencyKey: expect.any(String),
    });
    expect(toasts).toContainEqual({ type: 'success', message: 'Membership renewed successfully' });
  });

  it('holds every other action while a purchase is on its way', async () => {
    signIn();
    const api = server({ primaryInstrumentId: '5' });
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    configureGraphQLClient({
      fetch: async (input, init) => {
        if (String(init?.body).includes('"operationName":"CreateMembership"')) await released;
        return api.fetch(input, init);
      },
    });
    renderAt('/1/memberships');

    const purchase = await screen.findByRole('button', { name: 'Purchase Glow Club' });
    await waitFor(() => expect(purchase.hasAttribute('disabled')).toBe(false));
    fireEvent.click(purchase);

    const annual = screen.getByRole('button', { name: 'Purchase Glow Annual' });
    await waitFor(() => expect(annual.hasAttribute('disabled')).toBe(true));
    expect(purchase.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Packages' }));
    expect(screen.getByRole('button', { name: 'Purchase Four IVs' }).hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() => expect(api.of('ViewerMemberships').length).toBeGreaterThan(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Purchase Four IVs' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('buys a package on q=packages and shows the points left; a failure toasts the server message', async () => {
    signIn();
    const api = server({ primaryInstrumentId: '5' });
    const toasts = collectToasts();
    renderAt('/1/memberships?q=packages');

    const fourIvsCard = await screen.findByRole('listitem', { name: 'Four IVs' });
    expect(fourIvsCard.textContent).toContain('$600.00');
    expect(within(fourIvsCard).getByRole('list', { name: 'Four IVs points' }).textContent).toBe(
      '4 points for IV Therapy',
    );
    await waitFor(() =>
      expect(screen.getByTestId('membership-balance').textContent).toBe('No Active Membership'),
    );
    fireEvent.click(within(fourIvsCard).getByRole('button', { name: 'Purchase Four IVs' }));

    await waitFor(() =>
      expect(toasts).toContainEqual({ type: 'success', message: 'Package purchased successfully' }),
    );
    expect(api.of('PurchasePackage')[0]?.variables).toEqual({
      input: {
        marketplaceId: '1',
        packageId: '40',
        paymentMethod: { paymentInstrumentId: '5' },
        idempotencyKey: expect.any(String),
      },
    });
    const points = await screen.findByRole('region', { name: 'Your Four IVs points' });
    expect(points.textContent).toContain('4 of 4 points left');
    expect(screen.getByText('Points balance: 4 of 4 points left')).toBeTruthy();

    graphqlFetch({
      ...Object.fromEntries(
        ['MembershipPlans', 'ViewerMemberships'].map((name) => [name, () => ({ data: {} })]),
      ),
      PurchasePackage: () => ({
        errors: [{ message: 'Your card was declined.', extensions: { code: 'PAYMENT_DECLINED' } }],
      }),
    });
    fireEvent.click(within(card('Four IVs')).getByRole('button', { name: 'Purchase Four IVs' }));
    await waitFor(() => expect(toasts).toContainEqual({ type: 'error', message: 'Your card was declined.' }));
  });
});

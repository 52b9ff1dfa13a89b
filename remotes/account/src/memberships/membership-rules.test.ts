import type { HeldMembership, HeldPackageItem } from '@atrium/graphql-client/memberships';
import { describe, expect, it } from 'vitest';
import {
  backLink,
  balanceBadgeText,
  balancePercent,
  benefits,
  discountText,
  itemsOfPackage,
  membershipCardState,
  periodLabel,
  pricePerPeriod,
  tabFromQuery,
} from './membership-rules';

const held = (overrides: Partial<HeldMembership>): HeldMembership => ({
  id: '9',
  membershipDefinitionId: '3',
  renewalDate: '2030-07-01',
  status: 'Active',
  membershipDefinition: { id: '3', name: 'Glow Club', period: 'monthly' },
  ...overrides,
});

describe('the tabs and the back button of /memberships', () => {
  it('opens the packages tab for q=packages and the memberships tab otherwise', () => {
    expect(tabFromQuery('packages')).toBe('packages');
    expect(tabFromQuery('memberships')).toBe('memberships');
    expect(tabFromQuery(null)).toBe('memberships');
    expect(tabFromQuery('anything')).toBe('memberships');
  });

  it("goes 'Back to profile' for prev=profile, else 'Back to checkout' through /resume", () => {
    expect(backLink('1', 'profile')).toEqual({ to: '/1/profile', label: 'Back to profile' });
    expect(backLink('1', null)).toEqual({ to: '/1/resume', label: 'Back to checkout' });
    expect(backLink('4', 'checkout')).toEqual({ to: '/4/resume', label: 'Back to checkout' });
  });
});

describe('membership prices', () => {
  it("drops 'ly' from the period label", () => {
    expect(periodLabel('monthly')).toBe('month');
    expect(periodLabel('quarterly')).toBe('quarter');
    expect(periodLabel('yearly')).toBe('year');
  });

  it('shows the price per period in dollars from cents', () => {
    expect(pricePerPeriod(9900, 'monthly')).toBe('$99.00 / month');
    expect(pricePerPeriod(27000, 'quarterly')).toBe('$270.00 / quarter');
    expect(pricePerPeriod(120050, 'yearly')).toBe('$1,200.50 / year');
  });

  it('lists the newline-separated benefits, skipping blank lines', () => {
    expect(benefits('One IV a month\n\n  10% off add-ons \n')).toEqual(['One IV a month', '10% off add-ons']);
    expect(benefits(null)).toEqual([]);
  });

  it('names the categories a discount covers, or says selected services', () => {
    const categories = new Map([
      ['11', 'IV Therapy'],
      ['12', 'Vitamin Shots'],
    ]);
    expect(discountText({ percentage: 15, procedureGroups: ['12', '11'] }, categories)).toBe(
      '15% off Vitamin Shots, IV Therapy',
    );
    expect(discountText({ percentage: 10, procedureGroups: ['99'] }, categories)).toBe(
      '10% off selected services',
    );
  });
});

describe('the balance badge', () => {
  it('is the balance over the total points as a whole percent', () => {
    expect(balancePercent({ balance: 3, totalPoints: 4 })).toBe(75);
    expect(balancePercent({ balance: 1, totalPoints: 3 })).toBe(33);
    expect(balancePercent({ balance: 0, totalPoints: 10 })).toBe(0);
    expect(balancePercent({ balance: 0, totalPoints: 0 })).toBeNull();
  });

  it("reads 'Loading', then 'No Active Membership' or the percentage remaining", () => {
    expect(balanceBadgeText({ loading: true, balance: undefined })).toBe('Loading');
    expect(balanceBadgeText({ loading: false, balance: null })).toBe('No Active Membership');
    expect(balanceBadgeText({ loading: false, balance: { balance: 5, totalPoints: 10 } })).toBe(
      '50% remaining',
    );
    expect(balanceBadgeText({ loading: false, balance: { balance: 0, totalPoints: 0 } })).toBe(
      'Active Membership',
    );
  });
});

describe('the card state of a membership', () => {
  it('is active for a held Active membership, cancelled for a Cancelled one, else available', () => {
    const active = held({ id: '9', status: 'Active' });
    const cancelled = held({ id: '8', status: 'Cancelled' });
    expect(membershipCardState('3', [active])).toEqual({ kind: 'active', membership: active });
    expect(membershipCardState('3', [cancelled])).toEqual({ kind: 'cancelled', membership: cancelled });
    expect(membershipCardState('3', [cancelled, active])).toEqual({ kind: 'active', membership: active });
    expect(membershipCardState('4', [active])).toEqual({ kind: 'available' });
    expect(membershipCardState('3', [])).toEqual({ kind: 'available' });
  });
});

describe("the viewer's points of a package", () => {
  it('are the items whose definition belongs to the package', () => {
    const item = (id: string, definition: string): HeldPackageItem => ({
      id,
      packageItemDefinitionId: definition,
      membershipId: null,
      totalPoints: 4,
      balance: 4,
      packageName: 'Four IVs',
      expiresAt: null,
    });
    const items = [item('1', '31'), item('2', '32'), item('3', '40')];
    expect(
      itemsOfPackage({ packageItemDefinitions: [{ id: '31', points: 4, procedureGroups: [] }] }, items).map(
        (kept) => kept.id,
      ),
    ).toEqual(['1']);
  });
});

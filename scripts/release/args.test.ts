import { describe, expect, it } from 'vitest';
import {
  parsePromoteArgs,
  parseReleaseArgs,
  parseReleasesArgs,
  parseRemoteArg,
  parseRollbackArgs,
} from './args';

describe('release arguments', () => {
  it('takes a remote and --skip-tests', () => {
    expect(parseReleaseArgs(['catalog'])).toEqual({ remote: 'catalog', skipTests: false });
    expect(parseReleaseArgs(['--skip-tests', 'checkout'])).toEqual({ remote: 'checkout', skipTests: true });
    // pnpm passes a lone `--` through.
    expect(parseReleaseArgs(['--', 'account'])).toEqual({ remote: 'account', skipTests: false });
  });

  it('refuses an unknown remote, a missing one and an unknown option in one line', () => {
    expect(() => parseReleaseArgs(['host'])).toThrow(
      'Unknown remote "host": one of catalog, scheduling, checkout, account, console.',
    );
    expect(() => parseReleaseArgs([])).toThrow(
      'Missing arguments. Usage: pnpm release <remote> [--skip-tests]',
    );
    expect(() => parseReleaseArgs(['catalog', '--fast'])).toThrow(
      /^Unknown option '--fast'.* Usage: pnpm release <remote> \[--skip-tests\]$/,
    );
  });
});

describe('promote arguments', () => {
  it('takes a remote, a version, a marketplace and a canary percent', () => {
    expect(parsePromoteArgs(['catalog', '3f9a2b1c4d5e'])).toEqual({
      remote: 'catalog',
      version: '3f9a2b1c4d5e',
      marketplaceId: null,
      percent: null,
    });
    expect(parsePromoteArgs(['catalog', '3f9a2b1c4d5e', '--marketplace', '2', '--percent=50'])).toEqual({
      remote: 'catalog',
      version: '3f9a2b1c4d5e',
      marketplaceId: '2',
      percent: 50,
    });
  });

  it.each(['0', '100', '12.5', 'half'])('refuses --percent %s', (percent) => {
    expect(() => parsePromoteArgs(['catalog', 'abc', '--percent', percent])).toThrow(
      `--percent takes a whole number from 1 to 99 (a canary share), not "${percent}".`,
    );
  });

  it('refuses a missing version and extra arguments', () => {
    expect(() => parsePromoteArgs(['catalog'])).toThrow(
      'Missing arguments. Usage: pnpm promote <remote> <version>',
    );
    expect(() => parsePromoteArgs(['catalog', 'a', 'b'])).toThrow('Too many arguments.');
    expect(() => parsePromoteArgs(['catalog', 'a', '--marketplace'])).toThrow(/--marketplace/);
  });
});

describe('rollback, releases and per-remote arguments', () => {
  it('takes a remote and an optional marketplace', () => {
    expect(parseRollbackArgs(['scheduling'])).toEqual({ remote: 'scheduling', marketplaceId: null });
    expect(parseRollbackArgs(['scheduling', '--marketplace', '3'])).toEqual({
      remote: 'scheduling',
      marketplaceId: '3',
    });
  });

  it('lists every remote without one', () => {
    expect(parseReleasesArgs([])).toEqual({ remote: null });
    expect(parseReleasesArgs(['account'])).toEqual({ remote: 'account' });
    expect(() => parseReleasesArgs(['account', 'catalog'])).toThrow(
      'Too many arguments. Usage: pnpm releases [<remote>]',
    );
  });

  it('takes exactly one remote for the contract check', () => {
    expect(parseRemoteArg(['checkout'], 'contract')).toBe('checkout');
    expect(() => parseRemoteArg(['checkout', '--skip-tests'], 'contract')).toThrow(
      /Unknown option '--skip-tests'/,
    );
  });
});

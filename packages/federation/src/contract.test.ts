import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type RemoteModuleContracts,
  type RemoteModules,
  type RoutePageProps,
  remoteExposes,
  remoteNames,
  type SignInDialogProps,
} from './contract';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe('federation contract', () => {
  it.each(remoteNames)('remote %s has a module file for every module the contract names', (remote) => {
    for (const module of remoteExposes[remote]) {
      expect(existsSync(path.join(repoRoot, 'remotes', remote, 'src/exposed', `${kebab(module)}.tsx`))).toBe(
        true,
      );
    }
  });
});

// Type-level: the federation package's typecheck fails if the RemoteModules constraint stops refusing these.
type Page<Props> = { default: (props: Props) => null };
type AccountWithDialog<Dialog> = Omit<RemoteModuleContracts<'account'>, 'SignInDialog'> & {
  SignInDialog: Dialog;
};
type NumericMarketplace = { SchedulePage: Page<{ marketplaceId: number }> };
type DialogNeedingMore = AccountWithDialog<Page<SignInDialogProps & { tenant: string }>>;
type OnlySetLocation = { SetLocationPage: Page<RoutePageProps> };

export type FitsTheContract = RemoteModules<'scheduling', { SchedulePage: Page<RoutePageProps> }>;
// @ts-expect-error a page whose marketplaceId is a number does not take the host's props
export type WrongPropType = RemoteModules<'scheduling', NumericMarketplace>;
// @ts-expect-error a dialog that needs a prop the host does not pass
export type ExtraRequiredProp = RemoteModules<'account', DialogNeedingMore>;
// @ts-expect-error a remote that leaves out a module of the contract
export type MissingModule = RemoteModules<'catalog', OnlySetLocation>;

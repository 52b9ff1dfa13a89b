import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { remoteExposes, remoteNames } from './contract';

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

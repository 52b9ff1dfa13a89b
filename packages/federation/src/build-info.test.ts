import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseBuildInfo } from './build-info';
import { collectBuildInfo } from './build-info-plugin';
import { sharedSingletons } from './shared';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const versionOf = (folder: string) =>
  (JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8')) as { version: string })
    .version;

describe('collectBuildInfo', () => {
  it('records the catalog’s shared and carried packages and the contract version', () => {
    const info = collectBuildInfo(path.join(repoRoot, 'remotes/catalog'), sharedSingletons);
    expect(info.app).toBe('@atrium/catalog');
    expect(info.contractVersion).toBe(versionOf('packages/federation'));
    expect(Object.keys(info.packages)).toEqual(
      expect.arrayContaining([
        'react',
        'react-dom',
        'react-router-dom',
        '@tanstack/react-query',
        '@chakra-ui/react',
        'nanostores',
        '@nanostores/react',
        '@atrium/ui',
        '@atrium/stores',
        '@atrium/graphql-client',
        '@atrium/navigation',
        '@atrium/domain',
      ]),
    );
    // Carried inside @atrium/navigation and @atrium/ui: read from where they are installed.
    expect(info.packages['react-router-dom']).toMatch(/^7\./);
    expect(info.packages['@chakra-ui/react']).toMatch(/^3\./);
    expect(info.packages['@atrium/ui']).toBe(versionOf('packages/ui'));
  });
});

describe('parseBuildInfo', () => {
  it('names the file and the field that is wrong', () => {
    expect(() =>
      parseBuildInfo({ app: '@atrium/host', version: '1.0.0', packages: {} }, 'host/dist/x.json'),
    ).toThrow('host/dist/x.json is not a valid atrium-build.json at "contractVersion":');
  });
});

import { describe, expect, it } from 'vitest';
import type { BuildInfo } from './build-info';
import { type RemoteName, remoteExposes } from './contract';
import { checkRemoteContract } from './contract-check';
import { sharedSingletons } from './shared';

const hostPackages = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  '@tanstack/react-query': '5.108.0',
  '@chakra-ui/react': '3.37.0',
  nanostores: '1.5.5',
  '@nanostores/react': '2.0.1',
  '@atrium/graphql-client': '1.0.0',
  '@atrium/navigation': '1.0.0',
  '@atrium/stores': '1.0.0',
  '@atrium/ui': '1.0.0',
};

const host: BuildInfo = {
  app: '@atrium/host',
  version: '1.0.0',
  contractVersion: '1.0.0',
  packages: hostPackages,
};

function buildOf(remote: RemoteName, overrides: Partial<BuildInfo> = {}): BuildInfo {
  return {
    app: `@atrium/${remote}`,
    version: '1.0.0',
    contractVersion: '1.0.0',
    packages: { ...hostPackages },
    ...overrides,
  };
}

/** An mf-manifest.json as the Module Federation plugin writes it (the fields the check reads). */
function manifestOf(
  remote: RemoteName,
  {
    exposes = remoteExposes[remote],
    required = {},
  }: { exposes?: readonly string[]; required?: Record<string, string | false> } = {},
) {
  return {
    id: `atrium_${remote}`,
    name: `atrium_${remote}`,
    exposes: exposes.map((name) => ({ id: `atrium_${remote}:${name}`, name, path: `./${name}` })),
    shared: sharedSingletons.map((name) => {
      const packageName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
      const version = hostPackages[packageName as keyof typeof hostPackages];
      return {
        id: `atrium_${remote}:${name}`,
        name,
        version,
        singleton: true,
        requiredVersion: name in required ? required[name] : `^${version}`,
      };
    }),
  };
}

describe('checkRemoteContract', () => {
  it.each(['catalog', 'scheduling', 'checkout', 'account', 'console'] as const)(
    'accepts a %s build made against the host’s versions',
    (remote) => {
      expect(
        checkRemoteContract({ remote, manifest: manifestOf(remote), build: buildOf(remote), host }),
      ).toEqual([]);
    },
  );

  it('refuses a remote missing a module the contract names', () => {
    const manifest = manifestOf('catalog', { exposes: ['SetLocationPage'] });
    expect(checkRemoteContract({ remote: 'catalog', manifest, build: buildOf('catalog'), host })).toEqual([
      "catalog does not expose ServicesPage, which the host's contract names (catalog/ServicesPage).",
    ]);
  });

  it('refuses a shared singleton of an incompatible major, once per package', () => {
    const manifest = manifestOf('catalog', {
      required: { '@atrium/ui': '^2.0.0', '@atrium/ui/forms': '^2.0.0', '@atrium/ui/overlays': '^2.0.0' },
    });
    expect(checkRemoteContract({ remote: 'catalog', manifest, build: buildOf('catalog'), host })).toEqual([
      'catalog was built against @atrium/ui ^2.0.0 but the host provides 1.0.0 (incompatible major).',
    ]);
  });

  it('refuses a shared singleton newer than the host’s within the same major', () => {
    const manifest = manifestOf('checkout', {
      required: { react: '^19.4.0', 'react/jsx-runtime': '^19.4.0' },
    });
    expect(checkRemoteContract({ remote: 'checkout', manifest, build: buildOf('checkout'), host })).toEqual([
      'checkout was built against react ^19.4.0 but the host provides 19.3.1 (older than required).',
    ]);
  });

  it('accepts a remote built against an older minor of a shared package than the host’s', () => {
    const manifest = manifestOf('scheduling', { required: { '@tanstack/react-query': '^5.90.0' } });
    expect(
      checkRemoteContract({ remote: 'scheduling', manifest, build: buildOf('scheduling'), host }),
    ).toEqual([]);
  });

  it('accepts a shared singleton that takes any version (requiredVersion false)', () => {
    const manifest = manifestOf('account', { required: { nanostores: false } });
    const hostWithout = { ...host, packages: { ...hostPackages, nanostores: '9.0.0' } };
    expect(
      checkRemoteContract({ remote: 'account', manifest, build: buildOf('account'), host: hostWithout }),
    ).toEqual([]);
  });

  it('refuses a shared singleton the host does not provide', () => {
    const { nanostores: _, ...withoutNanostores } = hostPackages;
    const hostWithout = { ...host, packages: withoutNanostores };
    expect(
      checkRemoteContract({
        remote: 'catalog',
        manifest: manifestOf('catalog'),
        build: buildOf('catalog'),
        host: hostWithout,
      }),
    ).toEqual(['catalog needs nanostores ^1.5.5 shared but the host does not provide it.']);
  });

  it('refuses react-router-dom or Chakra of another major than the host’s (carried, not shared)', () => {
    const build = buildOf('catalog', {
      packages: { ...hostPackages, 'react-router-dom': '8.0.0', '@chakra-ui/react': '3.40.0' },
    });
    expect(checkRemoteContract({ remote: 'catalog', manifest: manifestOf('catalog'), build, host })).toEqual([
      'catalog was built against react-router-dom 8.0.0 but the host provides 7.18.5 (incompatible major, carried inside @atrium/navigation).',
    ]);
  });

  it('refuses a remote built against another major of the contract, and accepts another minor', () => {
    const manifest = manifestOf('account');
    expect(
      checkRemoteContract({
        remote: 'account',
        manifest,
        build: buildOf('account', { contractVersion: '2.0.0' }),
        host,
      }),
    ).toEqual(['account was built against contract 2.0.0 but the host has 1.0.0 (incompatible major).']);
    expect(
      checkRemoteContract({
        remote: 'account',
        manifest,
        build: buildOf('account', { contractVersion: '1.3.0' }),
        host,
      }),
    ).toEqual([]);
  });

  it('refuses another remote’s manifest and one that is no manifest at all', () => {
    expect(
      checkRemoteContract({
        remote: 'catalog',
        manifest: manifestOf('checkout'),
        build: buildOf('catalog'),
        host,
      }),
    ).toEqual([
      "The manifest is atrium_checkout's, not catalog's (expected atrium_catalog).",
      "catalog does not expose SetLocationPage, which the host's contract names (catalog/SetLocationPage).",
      "catalog does not expose ServicesPage, which the host's contract names (catalog/ServicesPage).",
    ]);
    expect(
      checkRemoteContract({ remote: 'catalog', manifest: { hello: 1 }, build: buildOf('catalog'), host }),
    ).toEqual(["catalog's mf-manifest.json is not a Module Federation manifest."]);
  });
});

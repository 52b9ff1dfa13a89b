import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The layering ARCHITECTURE.md describes is enforced by Biome's import rules. These tests lint a
// probe file placed in each layer and expect the rule's message, so a config change that loosens a
// rule fails here.
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(repoRoot, 'node_modules/.bin/biome');
const probes: string[] = [];

// Probes go in a hidden folder beside src/: inside the layer's path rules, but outside what
// TypeScript, the bundler and other tests read, so a run of these tests disturbs nothing else.
function lint(folder: string, source: string) {
  const dir = mkdtempSync(path.join(repoRoot, folder, '.layering-probe-'));
  probes.push(dir);
  const file = path.join(dir, 'probe.ts');
  writeFileSync(file, source);
  const result = spawnSync(biome, ['lint', '--max-diagnostics=20', file], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const dir of probes) rmSync(dir, { recursive: true, force: true });
});

describe('layering rules', () => {
  it('fails a remote that imports another remote', () => {
    const { status, output } = lint(
      'remotes/catalog/src',
      "export { default } from '@atrium/scheduling/x';\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('A remote or the host never imports another remote or the host');
  });

  it('fails a remote that imports the host by a relative path', () => {
    const { status, output } = lint('remotes/checkout', "export * from '../../../host/src/app';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('not by a relative path across folders');
  });

  it('fails the host importing Chakra directly instead of @atrium/ui', () => {
    const { status, output } = lint('host', "export { Button } from '@chakra-ui/react';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('Use @atrium/ui');
  });

  it('fails @atrium/domain importing anything of ours', () => {
    const { status, output } = lint('packages/domain', "export * from '@atrium/stores';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('@atrium/domain holds pure business rules');
  });

  it('fails the API importing a browser package', () => {
    const { status, output } = lint('packages/api', "export * from '@atrium/ui';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('The API depends only on @atrium/domain');
  });

  it('fails @atrium/payment-forms importing a remote', () => {
    const { status, output } = lint(
      'packages/payment-forms/src',
      "export { default } from '@atrium/checkout/x';\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('@atrium/payment-forms is bundled into the remotes that take cards');
  });

  it('fails @atrium/payment-forms importing the host', () => {
    const { status, output } = lint('packages/payment-forms', "export * from '@atrium/host';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('it never imports a remote or the host');
  });

  it('fails @atrium/payment-forms importing Chakra directly instead of @atrium/ui', () => {
    const { status, output } = lint('packages/payment-forms', "export { Button } from '@chakra-ui/react';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('Use @atrium/ui');
  });

  it('fails a shared singleton importing @atrium/payment-forms (it would load at first paint)', () => {
    const { status, output } = lint('packages/ui', "export * from '@atrium/payment-forms';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('Shared browser packages depend only on @atrium/domain and each other');
  });

  it('passes @atrium/payment-forms importing the packages a remote may use', () => {
    const { status } = lint(
      'packages/payment-forms',
      "export { emit } from '@atrium/stores';\nexport { Button } from '@atrium/ui';\nexport { execute } from '@atrium/graphql-client';\n",
    );
    expect(status).toBe(0);
  });

  it('passes remotes importing @atrium/payment-forms', () => {
    for (const remote of ['remotes/checkout', 'remotes/account']) {
      const { status } = lint(remote, "export { CardEntryForm } from '@atrium/payment-forms';\n");
      expect(status).toBe(0);
    }
  });

  it("fails an API context importing another context's file instead of its public entry", () => {
    const { status, output } = lint(
      'packages/api/src/identity',
      "export { clinics } from '../../catalogue/tables';\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('A context uses another only through its public entry');
  });

  it("passes an API context importing another context's public entry", () => {
    const { status } = lint('packages/api/src/checkout', "export { clinics } from '../../catalogue';\n");
    expect(status).toBe(0);
  });

  it('fails the API kernel importing a context', () => {
    const { status, output } = lint('packages/api/src/kernel', "export { users } from '../../identity';\n");
    expect(status).not.toBe(0);
    expect(output).toContain('The kernel is shared by every context and imports none of them');
  });

  it("fails the API's composition root reaching into a context's files, and passes its public entry and schema part", () => {
    const around = lint('packages/api/src/jobs', "export { users } from '../../identity/tables';\n");
    expect(around.status).not.toBe(0);
    expect(around.output).toContain('Outside the contexts, use a context through its public entry');
    const through = lint(
      'packages/api/src/jobs',
      "export { users } from '../../identity';\nexport { resolvers } from '../../identity/graphql';\n",
    );
    expect(through.status).toBe(0);
  });

  it('fails a function over 150 lines outside the tests', () => {
    const body = Array.from({ length: 160 }, (_, i) => `  total += ${i};`).join('\n');
    const { status, output } = lint(
      'packages/api/src',
      `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
    );
    expect(status).not.toBe(0);
    expect(output).toContain('Maximum allowed is 150');
  });

  it('passes a remote that imports shared packages', () => {
    const { status } = lint('remotes/catalog', "export { emit } from '@atrium/stores';\n");
    expect(status).toBe(0);
  });
});

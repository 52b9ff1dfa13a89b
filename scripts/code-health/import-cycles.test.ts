import { describe, expect, it } from 'vitest';
import { importCycles } from './import-cycles';

describe('imports', () => {
  it('form no cycle anywhere in the repository, type-only imports included', () => {
    expect(importCycles()).toEqual([]);
  });

  it('are found in a cycle when there is one', () => {
    const graph = new Map([
      ['/a.ts', ['/b.ts']],
      ['/b.ts', ['/c.ts']],
      ['/c.ts', ['/a.ts']],
      ['/d.ts', ['/a.ts']],
    ]);
    expect(importCycles(graph)).toHaveLength(1);
    expect(importCycles(graph)[0]).toHaveLength(3);
  });
});

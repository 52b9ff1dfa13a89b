import { readdirSync } from 'node:fs';
import path from 'node:path';
import { importGraph } from './import-cycles';
import { repoRoot, sourceFiles } from './source-files';

const apiSource = path.join(repoRoot, 'packages/api/src');

/** The API's bounded contexts: every folder of packages/api/src with a public entry (index.ts). */
export function apiContexts(): string[] {
  return readdirSync(apiSource, { withFileTypes: true })
    .filter(
      (entry) => entry.isDirectory() && sourceFiles().includes(path.join(apiSource, entry.name, 'index.ts')),
    )
    .map((entry) => entry.name)
    .sort();
}

/** Imports from one API context into another: through the other's public entry, or around it. */
export function crossContextImports() {
  const contexts = apiContexts();
  const contextOf = (file: string) => {
    const first = path.relative(apiSource, file).split(path.sep)[0] ?? '';
    return contexts.includes(first) ? first : null;
  };
  const graph = importGraph(sourceFiles().filter((file) => file.startsWith(apiSource)));
  let throughEntry = 0;
  const aroundEntry: string[] = [];
  for (const [file, targets] of graph) {
    const from = contextOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = contextOf(target);
      if (!to || to === from) continue;
      if (target === path.join(apiSource, to, 'index.ts')) throughEntry++;
      else aroundEntry.push(`${path.relative(repoRoot, file)} -> ${path.relative(repoRoot, target)}`);
    }
  }
  return { contexts, throughEntry, aroundEntry };
}

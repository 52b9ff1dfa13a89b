import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isTestCode, repoRoot, sourceFiles } from './source-files';

export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

const isFunction = (node: ts.Node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node);

function nameOf(node: ts.Node): string {
  const named = (node as { name?: ts.Node }).name;
  if (named) return named.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '<anonymous>';
}

/** Every function's length in lines, from its first line to its last (tests and benchmarks left out). */
export function functionLengths(files: string[] = sourceFiles().filter((file) => !isTestCode(file))) {
  const found: FunctionLength[] = [];
  for (const file of files) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      if (isFunction(node)) {
        const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        found.push({
          file: path.relative(repoRoot, file),
          line: first + 1,
          name: nameOf(node),
          lines: last - first + 1,
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found.sort((a, b) => b.lines - a.lines);
}

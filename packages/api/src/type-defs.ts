import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sourceDir } from './kernel/paths';

/**
 * The SDL contract, read at run time from every context's `.graphql` files (the same ones codegen
 * reads), in a fixed order.
 */
export function loadTypeDefs(dir: string = sourceDir): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

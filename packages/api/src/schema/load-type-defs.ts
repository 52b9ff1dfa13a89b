import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { schemaDir } from '../paths';

/** The SDL contract, read at run time from the `.graphql` files (the same ones codegen reads). */
export function loadTypeDefs(dir: string = schemaDir): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'));
}

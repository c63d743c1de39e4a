import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * `npm run bench -- <name> [options]` runs bench/<name>.ts (see bench/README.md).
 * Each benchmark prints its figures; none asserts anything.
 */
async function main(): Promise<void> {
  const [name, ...rest] = process.argv.slice(2);
  const available = fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
    .map((file) => file.slice(0, -3));
  if (!name || !available.includes(name)) {
    console.error(`Usage: npm run bench -- <name> [options]\nBenchmarks: ${available.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  process.argv = [process.argv[0]!, path.join(__dirname, `${name}.ts`), ...rest];
  await import(pathToFileURL(path.join(__dirname, `${name}.ts`)).href);
}

void main();

import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found from this file's location so that it is the same whether
 * the server runs from source (server/) or compiled (dist/server/server/).
 */
function findPackage(from: string): { root: string; version: string } {
  for (let dir = from; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!fs.existsSync(file)) continue;
    const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'splitline') return { root: dir, version: pkg.version ?? '0.0.0' };
  }
  throw new Error(`package.json of splitline not found above ${from}`);
}

const found = findPackage(__dirname);

export const projectRoot = found.root;

/** The version in package.json, reported by /api/health. */
export const version = found.version;

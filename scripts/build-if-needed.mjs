// Builds the server and the app when their output is missing or older than the sources,
// so that `npm start` on a fresh clone needs no separate build step.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    0,
  );
}

function oldestOutput(paths) {
  return Math.min(...paths.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
}

const configFiles = ['package.json', 'package-lock.json'];
const targets = [
  {
    name: 'server',
    sources: [
      'server',
      'contract',
      'tsconfig.server.json',
      'tsconfig.server.build.json',
      ...configFiles,
    ],
    outputs: ['dist/server/server/server.js'],
    command: 'npm run build:server',
  },
  {
    name: 'app',
    sources: ['src', 'public', 'contract', 'webpack.config.mts', 'tsconfig.json', ...configFiles],
    outputs: ['dist/app/index.html'],
    command: 'npm run build:app',
  },
];

for (const target of targets) {
  const sourceTime = Math.max(...target.sources.map(newestMtime));
  if (oldestOutput(target.outputs) >= sourceTime) continue;
  console.log(`Building the ${target.name} (its output is missing or older than its sources)...`);
  execSync(target.command, { stdio: 'inherit' });
}

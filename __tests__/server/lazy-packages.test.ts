import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const projectRoot = path.resolve(__dirname, '../..');

/**
 * Stripe (219 modules), sharp and nodemailer are loaded at their first use, not with the
 * server: every start and every test file that builds the app paid ~0.5 s for them
 * (docs/performance.md, "CI time"). Checked in a process of its own, through Node's module
 * cache (jest's registry would not show a plain `require`).
 */
it('loads no payment, image or mail package when the app module loads', async () => {
  const probe = [
    "require('./server/app');",
    'const loaded = Object.keys(require.cache)',
    '  .map((file) => /node_modules\\/(stripe|sharp|nodemailer)\\//.exec(file)?.[1])',
    '  .filter(Boolean);',
    'console.log(JSON.stringify([...new Set(loaded)]));',
  ].join('\n');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', '--eval', probe],
    { cwd: projectRoot, env: { PATH: process.env.PATH ?? '' } },
  );
  expect(JSON.parse(stdout.trim().split('\n').pop()!)).toEqual([]);
});

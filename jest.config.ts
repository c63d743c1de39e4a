import type { Config } from 'jest';

/** ESM-only packages that the client bundle imports; jest must transform them. */
const esmPackages = ['ky', 'idb'].join('|');

/** The server's TypeScript, for the server and timing projects. */
const serverTransform: Config['transform'] = {
  '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.server.json', isolatedModules: true }],
};

/**
 * Tests whose figure is a wall-clock time (issue 31's health answer under load), only when
 * SPLITLINE_TIMING_TESTS is set: `npm run test:timing` runs them after the rest, alone on
 * the machine, in band. Beside another test file and its worker threads on two cores one
 * gave 850 ms where it gives 46 alone. (An environment variable, not --selectProjects in
 * test:jest: jest's array flags swallow the test paths that follow them.)
 */
const timingProject = {
  displayName: 'timing',
  testEnvironment: 'node',
  roots: ['<rootDir>/__tests__/server/timing'],
  testMatch: ['**/*.test.ts'],
  transform: serverTransform,
};

/**
 * Server test files that never reach DATABASE_URL's server: real server processes on the
 * embedded database (their environment leaves DATABASE_URL out) and the seed's generators,
 * which touch no database. `npm run test:pg` (DATABASE_URL set) leaves them out rather
 * than run them a second time, the same way (~75 s of a CI run).
 */
const engineFree = [
  'durability',
  'webhook/kill',
  'seed/generate',
  'seed/distributions',
  'lazy-packages',
];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      // jsdom plus Node's fetch, streams and AbortController (see the file).
      testEnvironment: '<rootDir>/__tests__/client/environment.ts',
      roots: ['<rootDir>/__tests__/client'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/__tests__/client/setup.ts'],
      transform: {
        // useESM: files jest loads as ES modules (ky, under --experimental-vm-modules) stay ESM; the rest becomes CommonJS.
        '^.+\\.(t|j)sx?$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', useESM: true }],
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/__tests__/client/style-stub.ts',
        '\\.(svg|png|jpg|webp)$': '<rootDir>/__tests__/client/file-stub.ts',
        // antd's ES build, imported by path in a few places (src/components/PlainInput.ts):
        // its CommonJS twin, as the rest of antd loads in jest.
        '^antd/es/(.*)$': 'antd/lib/$1',
      },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/__tests__/server'],
      // Only *.test.ts: helpers/ and fixtures/ sit beside the tests (jest's default
      // would run every file under __tests__/).
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [
        '/node_modules/',
        '<rootDir>/__tests__/server/timing/',
        ...(process.env.DATABASE_URL
          ? engineFree.map((file) => `<rootDir>/__tests__/server/${file}\\.test\\.ts$`)
          : []),
      ],
      transform: serverTransform,
    },
    ...(process.env.SPLITLINE_TIMING_TESTS ? [timingProject] : []),
  ],
  // Every core: the parent process only collects results (jest's default leaves a core to
  // it, which on a two-core CI machine ran every file in one worker). A worker whose heap
  // holds more than this after a file is replaced: long-lived workers slowed down 5-10x
  // late in a run. In a clean clone the jest step went from 32 to 15 minutes
  // (docs/performance.md, "CI time").
  maxWorkers: '100%',
  workerIdleMemoryLimit: '2GB',
  // Global only: jest-circus ignores a project-level testTimeout. Server test files start
  // an embedded database and some warm it up (server/warm-up.ts) in their set-up: with a
  // worker per core, a busy machine took one such set-up past 30 s.
  testTimeout: 60000,
};

export default config;

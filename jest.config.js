// @ts-check
/**
 * One jest run for the whole repository (`make test`). TypeScript runs through @swc/jest (CommonJS
 * output); no type-checking here, `tsc` does that in the build. The shared test infrastructure
 * (every row of deploy/local/src/components.ts with a test port: PostgreSQL, NATS, Redis, mail, traces,
 * pages, the sandboxes) starts once in globalSetup; see deploy/local/src/jest-global-setup.ts.
 */

/** Dependencies published as ES modules only: swc turns them into CommonJS for jest. */
const esmOnly = ['node-pg-migrate', 'jose', '@seriousme/openapi-schema-validator', '@apidevtools/json-schema-ref-parser'];

const swc = (tsx) => [
  '@swc/jest',
  {
    swcrc: false,
    sourceMaps: 'inline',
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx, decorators: false },
      transform: tsx ? { react: { runtime: 'automatic' } } : {},
    },
    module: { type: 'commonjs' },
  },
];

const swcJs = [
  '@swc/jest',
  {
    swcrc: false,
    sourceMaps: 'inline',
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  rootDir: __dirname,
  // Node's environment, dropping each suite's databases when it ends (deploy/local/src/jest-environment.ts).
  testEnvironment: '<rootDir>/deploy/local/src/jest-environment.ts',
  testMatch: [
    '<rootDir>/libs/**/src/**/*.test.ts?(x)',
    '<rootDir>/libs/*/test/**/*.test.ts',
    '<rootDir>/services/*/src/**/*.test.ts',
    '<rootDir>/services/*/test/**/*.test.ts',
    '<rootDir>/gateway/src/**/*.test.ts',
    '<rootDir>/gateway/test/**/*.test.ts',
    '<rootDir>/deploy/**/src/**/*.test.ts',
    '<rootDir>/charts/**/*.test.ts',
    '<rootDir>/scripts/*.test.ts',
    '<rootDir>/bench/*.test.js',
    '<rootDir>/frontends/*/src/**/*.test.ts?(x)',
    '<rootDir>/e2e/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Runtime state and scratch: never scanned for modules or tests.
  modulePathIgnorePatterns: ['<rootDir>/.data/', '<rootDir>/.tmp/', '<rootDir>/.nx/', '<rootDir>/coverage/'],
  transform: {
    '^.+\\.ts$': swc(false),
    '^.+\\.tsx$': swc(true),
    '^.+\\.m?js$': swcJs,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnly.join('|')})/)`],
  // Workspace packages (@smista/proto, @smista/service-kit, ...) resolve to their built dist through
  // node_modules links; the build runs before jest.
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'node'],
  globalSetup: '<rootDir>/deploy/local/src/jest-global-setup.ts',
  globalTeardown: '<rootDir>/deploy/local/src/jest-global-teardown.ts',
  testTimeout: 30_000,
  // 2 cores: two workers; suites isolate through their own databases and free ports.
  maxWorkers: 2,
};

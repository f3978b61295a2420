// CJS on purpose: a jest.config.ts would need ts-node (stack-notes §11).
const nextJest = require('next/jest.js');

const { backendIgnorePatterns } = require('./scripts/jest/suites.js');

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  // Backend suites open a copy of the run's prepared database (scripts/jest/global-setup.js) before their first test.
  testTimeout: 30000,
  // Both cores: Jest's default on 2 cores is one worker.
  maxWorkers: Number(process.env.JEST_WORKERS || 2),
  globalSetup: '<rootDir>/scripts/jest/global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.js',
  // The slowest files at the end of every run: where the test budget goes (docs/testing.md).
  reporters: ['default', '<rootDir>/scripts/jest/slowest-reporter.js'],
  setupFiles: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // Load antd components and icons one by one instead of the whole barrel in every test file (lazy-barrel.js).
    '^antd$': '<rootDir>/scripts/jest/antd-lazy.js',
    '^@ant-design/icons$': '<rootDir>/scripts/jest/icons-lazy.js',
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/scripts/manual/', '/.next/', '/bench/', '/__tests__/helpers\.ts$', ...backendIgnorePatterns(process.env)],
  modulePathIgnorePatterns: ['<rootDir>/.next/', '<rootDir>/data/'],
};

module.exports = async () => {
  const resolved = await createJestConfig(config)();
  // ky 2, kysely 0.29 and antd's ESM parts must be transformed; Node 20 jest cannot require(esm).
  resolved.transformIgnorePatterns = [
    '/node_modules/(?!(ky|@tiptap|react-leaflet|@react-leaflet|@ant-design|@rc-component|antd|kysely|hono|@hono|iron-session|uncrypto|cookie|iron-webcrypto|uint8array-extras|htmlparser2|domhandler|domutils|dom-serializer|entities|domelementtype)/)',
  ];
  return resolved;
};

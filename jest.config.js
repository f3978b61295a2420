// CJS on purpose: a jest.config.ts would need ts-node (stack-notes §11).
const nextJest = require('next/jest.js');

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  // Backend suites create a PGlite database (about 2 s on 2 cores) before their first test.
  testTimeout: 30000,
  setupFiles: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/.next/', '/bench/', '/__tests__/helpers\.ts$'],
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

import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';
// One failure style on the server (issue #40): throw new ApiFailure(…), never return c.json(fail(…)).
import failResponse from './scripts/eslint/no-fail-response.cjs';

// Import boundaries (issue #19). Layers, lowest first: lib ← components ← features ← app; a layer imports only
// itself and the layers below it. The embedded backend (server/) belongs to server.ts: no Next code imports it (route
// handlers and server components reach it through lib/server/upstream.ts's globalThis handler), and the server-only
// helpers in lib/server/ are for app/ and the server-only loaders in features/ (the modules that import 'server-only').
const TESTS = ['**/__tests__/**', '**/*.test.ts', '**/*.test.tsx'];
const SERVER_ONLY_LOADERS = ['features/account/load-account-info.ts', 'features/account/load-permissions.ts'];
const LAYERING = [
  { target: './lib', from: ['./components', './features', './app'], message: 'lib/ is the lowest layer: move the shared code down, or pass it in.' },
  { target: './components', from: ['./features', './app'], message: 'components/ must not depend on screens: move the shared rule to lib/ or components/, or have app/ pass it in.' },
  { target: './features', from: ['./app'], message: 'features/ must not import app/.' },
];
const NO_BACKEND = {
  target: ['./lib', './components', './features', './app'],
  from: './server',
  message: 'server/ (the embedded backend) is owned by server.ts; Next code reaches it through lib/server/upstream.ts.',
};
const NO_SERVER_ONLY = {
  target: ['./components/**', './lib/!(server)/**', './lib/*.{ts,tsx}', './features/**'],
  from: './lib/server',
  message: "lib/server/ is server-only: import it from app/ or a features/ loader that imports 'server-only'.",
};
// The embedded backend (issue #40): one folder per area (mirroring features/) over a kernel that imports no area.
// Composition (server/app.ts, areas.ts, backend.ts, config.ts, seed/, testing/) may import both.
const SERVER_AREAS = ['account', 'calendar', 'crm', 'dashboard', 'edu', 'learntools', 'message', 'online', 'system', 'work'];
const SERVER_KERNEL = ['auth', 'core', 'db', 'excel', 'ops', 'permissions', 'realtime', 'resources', 'storage'];
const SERVER_LAYERING = {
  target: SERVER_KERNEL.map((k) => `./server/${k}`),
  from: [...SERVER_AREAS.map((a) => `./server/${a}`), './server/seed', './server/testing', './server/areas.ts', './server/app.ts', './server/backend.ts'],
  message: 'The server kernel imports no area: move the shared piece down into the kernel, or pass it in from server/areas.ts.',
};
// server/ shares rules with the browser through lib/<area>/; from features/ it reads only resource definitions.
const SERVER_FEATURES = {
  regex: '^(?:(?:\\.\\./)+|@/)features/(?!.*-resource$)',
  message: 'server/ imports from features/ only resource definitions (*-resource.ts): move the shared rule to lib/<area>/.',
};
const boundaries = (zones) => ({ 'import/no-restricted-paths': ['error', { zones }] });

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  {
    // CommonJS config files (jest.config.js must be CJS, see stack-notes §11).
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: boundaries([...LAYERING, NO_BACKEND, NO_SERVER_ONLY]),
  },
  {
    files: ['server/**/*.ts'],
    ignores: TESTS,
    rules: {
      ...boundaries([...LAYERING, NO_BACKEND, NO_SERVER_ONLY, SERVER_LAYERING]),
      'no-restricted-imports': ['error', { patterns: [SERVER_FEATURES] }],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: [...TESTS, ...failResponse.FAIL_RESPONSE_ALLOWED],
    rules: { 'no-restricted-syntax': ['error', ...failResponse.NO_FAIL_RESPONSE] },
  },
  {
    // One concept per file: source files stay within 400 lines (migrations and tests are exempt).
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: [...TESTS, 'server/db/migrations/**', 'e2e/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Code that can reach the browser takes zod from lib/zod.ts: it turns off zod's eval probe, which the pages'
    // Content-Security-Policy reports as a violation. (The server has no such policy.)
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'features/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}'],
    ignores: ['lib/zod.ts', 'lib/server/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import { z } from lib/zod.ts (zod's eval probe breaks the CSP)." }] }] },
  },
  {
    // Tests keep the layering (a test of a screen lives with the screen) but may start the embedded backend
    // (server/__tests__/helpers): that is how Jest runs resource and BFF suites against the real server.
    files: TESTS,
    rules: boundaries([...LAYERING, NO_SERVER_ONLY]),
  },
  {
    // These run only inside server components (they import 'server-only'), so lib/server is theirs to use.
    files: SERVER_ONLY_LOADERS,
    rules: boundaries([...LAYERING, NO_BACKEND]),
  },
];

export default config;

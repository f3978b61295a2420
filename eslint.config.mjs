import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

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

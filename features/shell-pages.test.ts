/** @jest-environment node */
import fs from 'node:fs';
import { SCREENS } from '@/lib/screens';

// The other half of lib/screens.test.ts (issue #40): a screen is one entry in lib/screens.ts (data: the server and the
// shell read it) plus its lazy loader here (the bundler needs a literal import). A loader without an entry would be
// served without its permission gate, so each loader must name a screen of the list, once.
test('every loader of the page registry has its entry in lib/screens.ts', () => {
  const loaders = [...fs.readFileSync('features/shell-pages.tsx', 'utf8').matchAll(/^ {2}'([^']+)': dynamic\(/gm)].map((m) => m[1]);
  expect(loaders.length).toBeGreaterThan(0);
  expect(new Set(loaders).size).toBe(loaders.length);
  expect(loaders.filter((c) => !SCREENS.some((s) => s.component === c))).toEqual([]);
});

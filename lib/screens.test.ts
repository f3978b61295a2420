/** @jest-environment node */
import fs from 'node:fs';
import { SCREENS } from './screens';

test('every screen in lib/screens.ts has a loader in the page registry, and paths are unique', () => {
  const registry = fs.readFileSync('features/shell-pages.tsx', 'utf8');
  for (const s of SCREENS) expect(registry).toContain(`'${s.component}': dynamic(`);
  expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
});

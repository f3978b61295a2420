/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NOT_FOUND_CSS } from '../not-found-style';

/**
 * Issue #39: the root not-found boundary belongs to every page's tree, so a stylesheet it imports is preloaded on
 * every page (`<link rel="preload" as="style">`) and, unused there, makes the browser warn on every load. Its look
 * is an inline style instead; this guards against a CSS import coming back.
 */
const source = readFileSync(path.join(__dirname, '..', 'not-found.tsx'), 'utf8');

it('imports no stylesheet (no CSS module, no .css)', () => {
  expect(source).not.toMatch(/from\s+['"][^'"]+\.(?:module\.)?(?:css|scss|sass|less)['"]/);
  expect(source).not.toMatch(/import\s+['"][^'"]+\.(?:css|scss|sass|less)['"]/);
});

it('every class it uses is styled by its inline style', () => {
  const used = [...source.matchAll(/className="([^"]+)"/g)].map((m) => m[1]);
  expect(used.length).toBeGreaterThan(0);
  for (const c of used) expect(NOT_FOUND_CSS).toContain(`.${c}{`);
});

import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The operations manual's screenshots (public/manual/img/), taken from the production build with the demo
 * data: `npx next build && npx playwright test -c playwright.manual.config.ts`. Not part of `npm test`: it
 * checks nothing the journeys do not, it only refreshes the pictures after a screen changes.
 */
export default defineConfig({
  ...base,
  testDir: './scripts/manual',
  retries: 0,
  use: { ...base.use, viewport: { width: 1280, height: 800 } },
});

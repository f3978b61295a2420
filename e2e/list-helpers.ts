import { expect, type Locator, type Page } from '@playwright/test';

/** The list screen on show (kept tabs keep other list screens in the DOM, hidden). */
export const visibleList = (page: Page) => page.getByTestId('list-page').filter({ visible: true });

/** The visible list's rows holding `text`. */
export const rowOf = (page: Page, text: string) => visibleList(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

/** Clicks until `shows` is visible: a click landing before the page has hydrated does nothing. */
export async function clickUntil(target: Locator, shows: Locator) {
  await expect(async () => {
    await target.click({ timeout: 5_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Searches the visible list by name until the row shows (the list may still be loading). */
export async function findRow(page: Page, name: string): Promise<Locator> {
  const search = visibleList(page).getByTestId('list-search-field-name').locator('input');
  await expect(async () => {
    await search.fill(name);
    await visibleList(page).getByTestId('list-search-submit').click();
    await expect(rowOf(page, name)).toHaveCount(1, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  return rowOf(page, name);
}

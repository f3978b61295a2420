import { expect, test, type Locator, type Page } from '@playwright/test';
import { bffApi, runStamp, signIn } from './support';

/**
 * Two people editing one course (issue #39): 赵立新 (jiaowu) and the administrator open 编辑 on the same row; the
 * first save wins, the second is refused with 该记录已被他人修改，请刷新后再编辑 (who and when) and keeps its input;
 * after 刷新 it goes through with both changes.
 */
const COURSE = `E2E并发${runStamp()}`;

const list = (page: Page) => page.getByTestId('list-page').filter({ visible: true });

async function clickUntil(target: Locator, shows: Locator) {
  await expect(async () => {
    await target.click({ timeout: 5_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The course list filtered to the course, then its 编辑 form. */
async function openEdit(page: Page): Promise<Locator> {
  await list(page).getByTestId('list-search-field-name').locator('input').fill(COURSE);
  await list(page).getByTestId('list-search-submit').click();
  const row = list(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: COURSE });
  await expect(row).toHaveCount(1);
  const form = page.getByTestId('form-modal');
  await clickUntil(row.getByText('编辑', { exact: true }), form);
  await expect(form.getByLabel('名称')).toHaveValue(COURSE);
  return form;
}

test('a stale 编辑 is refused with who changed the course, keeps its input, and saves after 刷新', async ({ page, browser }) => {
  await signIn(page, 'jiaowu', '/edu/course');
  const added = await bffApi<{ id: string }>(page.context().request, 'POST', '/course/tblCourse/add', { name: COURSE, price: 100, totalLessons: 10 });

  const other = await browser.newContext();
  const adminPage = await other.newPage();
  await signIn(adminPage, 'admin', '/edu/course');

  const mine = await openEdit(page);
  const theirs = await openEdit(adminPage);

  await mine.getByLabel('价格').fill('150');
  await page.getByTestId('form-modal-submit').click();
  await expect(mine).toBeHidden();

  await theirs.getByLabel('总课次').fill('20');
  await adminPage.getByTestId('form-modal-submit').click();
  const conflict = theirs.getByTestId('form-modal-conflict');
  await expect(conflict).toContainText('该记录已被他人修改，请刷新后再编辑');
  await expect(conflict).toContainText('赵立新');
  await expect(theirs.getByLabel('总课次')).toHaveValue('20');

  await theirs.getByTestId('form-modal-refresh').click();
  await expect(theirs.getByLabel('价格')).toHaveValue('150');
  await expect(theirs.getByLabel('总课次')).toHaveValue('20');
  await expect(conflict).toBeHidden();
  await adminPage.getByTestId('form-modal-submit').click();
  await expect(theirs).toBeHidden();

  const stored = await bffApi<{ price: number; totalLessons: number }>(page.context().request, 'GET', `/course/tblCourse/queryById?id=${added.id}`);
  expect(stored).toMatchObject({ price: 150, totalLessons: 20 });
  await other.close();
});

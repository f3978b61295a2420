import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support';

/**
 * 学员管理 → 学员详情 → 课时包 → 批量添加课时包 on the editable grid: two new packages, the statistics row
 * (购买数量 sum, 金额 average), the money pattern refusing 1.234, then 保存 through addBatch. The student
 * and its two courses are made through the API with a stamp, so a rerun on the same data dir works.
 */

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function created(page: Page, baseURL: string, path: string, data: Record<string, unknown>): Promise<void> {
  const body = await (await page.request.post(`/jeecg-boot${path}`, { data, headers: { origin: baseURL } })).json();
  expect(body.success, `${path}: ${body.message}`).toBe(true);
}

/** 新增 opens the new row's 课程 select; a pick made while the dropdown is opening can be lost: retried. */
async function pickCourse(page: Page, grid: Locator, row: number, name: string) {
  const cell = grid.getByTestId(`grid-cell-${row}-courseId`);
  await expect(async () => {
    const box = cell.getByRole('combobox');
    if (!(await box.count())) await cell.click();
    // allowSearch: typing filters the (virtual) option list down to the course.
    await box.fill(name, { timeout: 2_000 });
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click({ timeout: 2_000 });
    await expect(cell).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

async function typeInto(grid: Locator, row: number, key: string, value: string) {
  const cell = grid.getByTestId(`grid-cell-${row}-${key}`);
  await cell.click();
  const editor = cell.getByTestId('grid-editor');
  await editor.fill(value);
  await editor.press('Enter');
}

test('批量添加课时包: two rows, statistics, the money pattern, one save', async ({ page, baseURL }) => {
  const s = stamp();
  const student = `批量学员${s}`;
  const [courseA, courseB] = [`批量课程甲${s}`, `批量课程乙${s}`];
  await apiLogin(page.context(), baseURL!, 'admin');
  await created(page, baseURL!, '/course/tblCourse/add', { name: courseA, unit: 1 });
  await created(page, baseURL!, '/course/tblCourse/add', { name: courseB, unit: 1 });
  await created(page, baseURL!, '/edu/tblStudent/add', { name: student, phone: `139${String(Date.now()).slice(-8)}` });

  // Already signed in through the API (the login page would redirect straight to the console).
  await page.goto('/edu/student');
  const list = page.getByTestId('list-page');
  await list.getByTestId('list-search-field-name').locator('input').fill(student);
  await list.getByTestId('list-search-submit').click();
  const rows = list.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(student);
  await rows.first().locator('[data-testid^="student-detail-"]').click();

  const drawer = page.getByTestId('student-detail');
  await expect(drawer).toBeVisible();
  await drawer.getByTestId('student-tab-packages').click();
  await drawer.getByTestId('student-batch-packages').click();
  const grid = drawer.getByTestId('student-packages-grid');
  await expect(grid).toBeVisible();

  await grid.getByTestId('grid-add').click();
  await expect(grid.getByTestId('grid-row-0')).toBeVisible();
  await pickCourse(page, grid, 0, courseA);
  await typeInto(grid, 0, 'buyQty', '10');
  await typeInto(grid, 0, 'amount', '100');
  // The second 新增 adds the second row (no quick-insert throttle since issue #39); the retry only waits for it.
  await expect(async () => {
    if (!(await grid.getByTestId('grid-row-1').count())) await grid.getByTestId('grid-add').click();
    await expect(grid.getByTestId('grid-row-1')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await pickCourse(page, grid, 1, courseB);
  await typeInto(grid, 1, 'buyQty', '20');
  await typeInto(grid, 1, 'amount', '300.5');

  await expect(grid.getByTestId('grid-stat-sum-buyQty')).toHaveText('30');
  await expect(grid.getByTestId('grid-stat-average-amount')).toHaveText('200.25');

  // 金额 keeps two decimals at most.
  await typeInto(grid, 0, 'amount', '1.234');
  await expect(grid.getByTestId('grid-cell-0-amount')).toContainText('请输入正确的金额!');
  await typeInto(grid, 0, 'amount', '100');
  await expect(grid.getByTestId('grid-cell-0-amount')).not.toContainText('请输入正确的金额!');

  await grid.getByTestId('grid-save').click();
  await expect(grid).toBeHidden();
  const packages = drawer.getByTestId('student-packages');
  await expect(packages.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await expect(packages).toContainText(courseA);
  await expect(packages).toContainText(courseB);
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseFromUserMenu, loginViaUi, signIn } from './support';

/**
 * Issue #25 as one story: the administrator designs a register (教材借阅登记: three fields, one a dictionary select),
 * synchronises it, puts it in the menu, designs a parameterised report with a bar chart, previews it and puts it in
 * the menu too, then grants both to 教务 in 角色管理 → 授权. 教务 signs in, adds and exports a row of the register,
 * filters the report and sees its chart. Names carry a run suffix so a retry on the same server starts afresh.
 */

const visible = (page: Page) => page.locator('.ant-select-dropdown:visible');

/** An antd select (by its test id) set to the option with this text; retried while the dropdown animates in. */
async function choose(page: Page, select: Locator, option: string, multiple = false) {
  await expect(async () => {
    if (!(await visible(page).count())) await select.click();
    await visible(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // A multiple select stays open for more picks.
  if (multiple) await page.keyboard.press('Escape');
  await expect(visible(page)).toHaveCount(0);
}

/** A TreeSelect (by its test id) set to the node with exactly this title. */
async function chooseNode(page: Page, select: Locator, title: string) {
  await expect(async () => {
    if (!(await visible(page).count())) await select.click();
    await visible(page).locator('.ant-select-tree-title').getByText(title, { exact: true }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(select).toContainText(title);
}

/** Types into a grid cell's text editor and leaves it. */
async function typeCell(grid: Locator, row: number, key: string, value: string) {
  const cell = grid.getByTestId(`grid-cell-${row}-${key}`);
  await cell.click();
  const editor = cell.getByTestId('grid-editor');
  await editor.fill(value);
  await editor.press('Enter');
}

/** A select cell of the grid: click it, pick the option from the open dropdown. */
async function chooseCell(page: Page, grid: Locator, row: number, key: string, option: string) {
  const cell = grid.getByTestId(`grid-cell-${row}-${key}`);
  await expect(async () => {
    if (!(await visible(page).count())) await cell.click();
    await visible(page).locator('.ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(cell).toContainText(option);
}

const tableRows = (page: Page) => page.getByTestId('list-table').filter({ visible: true }).locator('tbody tr.ant-table-row');

test('an administrator designs a register and a report, grants them to 教务, who uses both', async ({ page }) => {
  test.slow();
  const run = Date.now().toString(36).slice(-5);
  const table = `book_loan_${run}`;
  const title = `教材借阅登记${run}`;
  const reportCode = `venue_rpt_${run}`;
  const reportName = `场地课次统计${run}`;

  await signIn(page, 'admin');

  // ---- Online表单开发: design the register.
  await page.goto('/online/cgform');
  const designer = page.getByTestId('cgform-designer');
  await expect(async () => {
    if (!(await designer.isVisible())) await page.getByTestId('list-add').filter({ visible: true }).click();
    await expect(designer).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await designer.getByTestId('cgform-table-name').fill(table);
  await designer.getByTestId('cgform-table-txt').fill(title);
  const fields = designer.getByTestId('cgform-fields');
  // Three rows first (a click on 新增 while a cell editor closes can be taken by the blur), then their cells.
  for (const row of [0, 1, 2]) {
    await expect(async () => {
      if (!(await fields.getByTestId(`grid-cell-${row}-dbFieldName`).count())) await fields.getByTestId('grid-add').click();
      await expect(fields.getByTestId(`grid-cell-${row}-dbFieldName`)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  }
  for (const [row, name, label] of [
    [0, 'student_name', '学员姓名'],
    [1, 'book_name', '教材名称'],
    [2, 'status', '领用状态'],
  ] as const) {
    await typeCell(fields, row, 'dbFieldName', name);
    await typeCell(fields, row, 'dbFieldTxt', label);
  }
  // A keyword is refused at once, in the cell (then put right).
  await typeCell(fields, 1, 'dbFieldName', 'select');
  await expect(fields.getByTestId('grid-cell-1-dbFieldName')).toHaveAttribute('data-invalid', 'true');
  await typeCell(fields, 1, 'dbFieldName', 'book_name');
  await expect(fields.getByTestId('grid-cell-1-dbFieldName')).not.toHaveAttribute('data-invalid', 'true');
  // 领用状态: a select from the dictionary 教材领用状态.
  await chooseCell(page, fields, 2, 'fieldShowType', '下拉框');
  await fields.getByTestId('grid-cell-2-dictField').getByTestId('grid-popup-field').click();
  const dictPicker = page.getByTestId('cgform-dict-picker');
  await dictPicker.locator('input').fill('textbook_receive_status');
  await visible(page).locator('.ant-select-item-option').filter({ hasText: 'textbook_receive_status' }).first().click();
  await page.getByTestId('cgform-dict-ok').click();
  await expect(fields.getByTestId('grid-cell-2-dictField').getByTestId('grid-popup-field')).toHaveValue('textbook_receive_status');
  await page.getByTestId('cgform-save').click();
  await expect(designer).toBeHidden();

  const formRow = tableRows(page).filter({ hasText: table });
  await expect(formRow).toHaveCount(1);
  await expect(formRow).toContainText('未同步');
  // 同步数据库: the statements are shown before anything runs.
  await formRow.locator('[data-testid^="row-sync-"]').click();
  const preview = page.getByTestId('cgform-sync-preview');
  await expect(preview.getByTestId('cgform-sync-statements')).toContainText(`create table "tbl_onl_${table}"`);
  await page.getByTestId('cgform-sync-run').click();
  await expect(preview).toBeHidden();
  await expect(formRow).toContainText('已同步');

  // JS增强 (表单): a default for 新增 and a check before saving, run in the sandbox of the user's browser.
  await formRow.locator('[data-testid^="row-enhance-"]').click();
  const tabs = page.getByTestId('cgform-js-tabs');
  await tabs.getByRole('tab', { name: '表单' }).click();
  await page
    .getByTestId('cgform-js-editor-form')
    .locator('.cm-content')
    .fill("api.onLoad = function () { return { book_name: '新概念英语 1' }; };\napi.beforeSubmit = function (row) { if (row.student_name === '测试') return { error: '学员姓名不能为测试' }; return { row: row }; };");
  await page.getByTestId('cgform-js-save-form').click();
  await expect(page.getByTestId('cgform-js-history-form').locator('[data-testid^="cgform-js-version-"]')).toHaveCount(1);
  await page.locator('.ant-modal-close').filter({ visible: true }).click();
  await expect(tabs).toBeHidden();

  // 添加到菜单 under 教育; the answer names the new menu row, which 授权 ticks below.
  await formRow.locator('[data-testid^="row-menu-"]').click();
  const menuForm = page.getByTestId('add-menu-form');
  await chooseNode(page, menuForm.getByTestId('add-menu-parent'), '教育');
  const formMenu = page.waitForResponse((r) => r.url().includes('/online/cgform/head/addMenu/'));
  await page.getByTestId('add-menu-ok').click();
  const formMenuId = ((await (await formMenu).json()) as { result: { id: string } }).result.id;
  await expect(menuForm).toBeHidden();

  // ---- Online报表配置: a parameterised report with a bar chart.
  await page.goto('/online/cgreport');
  const report = page.getByTestId('cgreport-form');
  // Right after the navigation the button may be there before the screen listens: click until the designer opens.
  await expect(async () => {
    if (!(await report.isVisible())) await page.getByTestId('cgreport-add').click();
    await expect(report).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await report.getByTestId('cgreport-code').fill(reportCode);
  await report.getByTestId('cgreport-name').fill(reportName);
  await report
    .getByTestId('cgreport-sql')
    .locator('.cm-content')
    .fill(
      "select l.name as venue_name, count(c.id) as lesson_count from tbl_location l left join tbl_calendar c on c.location_id = l.id and c.del_flag = 0 where l.del_flag = 0 and l.name like '%' || coalesce(${kw}, '') || '%' and l.name like '%校区' group by l.name",
    );
  await page.getByTestId('cgreport-parse').click();
  // 解析SQL: the columns and the parameter are read from the SQL, and a preview runs.
  await expect(page.getByTestId('cgreport-items-grid')).toContainText('venue_name');
  await expect(page.getByTestId('cgreport-params-grid')).toContainText('kw');
  // The campuses only: the preview shows 10 rows in the planner's order (statistics change it), and there are 7.
  await expect(page.getByTestId('cgreport-preview')).toContainText('中关村校区');
  await choose(page, report.getByTestId('cgreport-chart-type'), '柱状图');
  await choose(page, report.getByTestId('cgreport-chart-x'), 'venue_name');
  await choose(page, report.getByTestId('cgreport-chart-y'), 'lesson_count', true);
  await page.getByTestId('cgreport-save').click();
  await expect(report).toBeHidden();
  const reportRow = page.getByTestId('cgreport-table').locator('tbody tr.ant-table-row').filter({ hasText: reportCode });
  await expect(reportRow).toHaveCount(1);
  await reportRow.locator('[data-testid^="row-menu-"]').click();
  await chooseNode(page, page.getByTestId('add-menu-form').getByTestId('add-menu-parent'), '教育');
  const reportMenu = page.waitForResponse((r) => r.url().includes('/online/cgreport/head/addMenu/'));
  await page.getByTestId('add-menu-ok').click();
  const reportMenuId = ((await (await reportMenu).json()) as { result: { id: string } }).result.id;

  // ---- 角色管理 → 授权: both menus with their view / add / export buttons for 教务.
  const tree = (await (await page.request.get('/jeecg-boot/sys/permission/list')).json()) as { result: { id: string; perms?: string; children?: { id: string; perms?: string }[] }[] };
  const all = (nodes: { id: string; perms?: string; children?: unknown[] }[]): { id: string; perms?: string }[] =>
    nodes.flatMap((n) => [n, ...all((n.children ?? []) as { id: string; perms?: string; children?: unknown[] }[])]);
  const byCode = new Map(all(tree.result).map((n) => [n.perms, n.id]));
  const grants = [
    formMenuId,
    byCode.get(`online:form:${table}:list`)!,
    byCode.get(`online:form:${table}:add`)!,
    byCode.get(`online:form:${table}:exportXls`)!,
    reportMenuId,
    byCode.get(`online:report:${reportCode}:list`)!,
  ];
  expect(grants.every(Boolean)).toBe(true);
  await page.goto('/isystem/role');
  const roles = page.getByTestId('list-page').filter({ visible: true });
  await roles.getByTestId('list-search-field-roleCode').locator('input').fill('academic');
  await roles.getByTestId('list-search-submit').click();
  await expect(tableRows(page)).toHaveCount(1);
  await tableRows(page).first().getByText('授权', { exact: true }).click();
  await expect(page.getByTestId('role-permission-drawer')).toBeVisible();
  for (const id of grants) {
    const node = page.getByTestId('role-permission-tree').locator('.ant-tree-treenode').filter({ has: page.locator(`[data-permission-key="${id}"]`) });
    await node.locator('.ant-tree-checkbox').first().click();
    await expect(node.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
  }
  await page.getByTestId('role-permission-save-close').click();
  await expect(page.getByText('保存成功！').first()).toBeVisible();

  // ---- 教务 uses the register: adds a row, exports it.
  const confirm = page.locator('.ant-modal-confirm');
  await chooseFromUserMenu(page, '退出登录', confirm);
  await confirm.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page).toHaveURL(/\/user\/login/);
  await loginViaUi(page, 'jiaowu');
  const sider = page.getByTestId('sider');
  await sider.getByText('教育', { exact: true }).click();
  await sider.getByText(title, { exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/online/cgformList/${table}$`));
  const list = page.getByTestId('cgform-auto-list');
  await list.getByTestId('list-add').click();
  const form = page.getByTestId('cgform-form');
  // The enhance script's default, then its check refusing a save.
  await expect(form.getByLabel('教材名称')).toHaveValue('新概念英语 1');
  await form.getByLabel('学员姓名').fill('测试');
  await page.getByTestId('cgform-form-submit').click();
  await expect(page.locator('.ant-message-notice').filter({ hasText: '学员姓名不能为测试' })).toBeVisible();
  await form.getByLabel('学员姓名').fill('林小雨');
  await choose(page, form.getByLabel('领用状态'), '已领取');
  await page.getByTestId('cgform-form-submit').click();
  await expect(form).toBeHidden();
  const dataRow = list.locator('tbody tr.ant-table-row').filter({ hasText: '林小雨' });
  await expect(dataRow).toContainText('已领取');
  const download = page.waitForEvent('download');
  await list.getByTestId('list-exportXls').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx?$/);

  // ---- 教务 filters the report and sees the chart.
  await sider.getByText(reportName, { exact: true }).click();
  const view = page.getByTestId('report-view').filter({ visible: true });
  await view.getByTestId('report-param-kw').fill('中关村');
  await view.getByTestId('report-search-submit').click();
  await expect(view.getByTestId('report-table').locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(view.getByTestId('report-table')).toContainText('中关村校区');
  const chart = view.getByTestId('report-chart');
  await expect(chart).toHaveAttribute('data-chart-type', 'bar');
  await expect(chart.locator('canvas')).toBeVisible();
});

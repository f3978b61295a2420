import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiLogin } from './support';

/**
 * 字典项 批量编辑 on the editable grid (spec 02 §2–§5): add, edit, required message, keyboard drag
 * sort kept after save + reload, an Excel 2×2 paste, and live sync between two sessions (/vxeSocket).
 * Dictionaries are made through the API with a stamp, so a rerun on the same data dir works.
 */

async function makeDict(request: APIRequestContext, baseURL: string, items: [string, string][]): Promise<{ id: string; code: string }> {
  const code = `e2e_grid_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const headers = { origin: baseURL };
  expect((await (await request.post('/jeecg-boot/sys/dict/add', { data: { dictName: `表格${code}`, dictCode: code }, headers })).json()).success).toBe(true);
  const list = await (await request.get(`/jeecg-boot/sys/dict/list?dictCode=${code}`)).json();
  const id = String(list.result.records[0].id);
  const rows = items.map(([itemText, itemValue], i) => ({ itemText, itemValue, sortOrder: i + 1, status: 1 }));
  expect((await (await request.post('/jeecg-boot/sys/dictItem/saveBatch', { data: { dictId: id, rows, deleteIds: [] }, headers })).json()).success).toBe(true);
  return { id, code };
}

/** 数据字典 → the dictionary's 字典配置 → 批量编辑; returns the grid. */
async function openGrid(page: Page, code: string): Promise<Locator> {
  await page.goto('/isystem/dict');
  const list = page.getByTestId('page-wrapper').getByTestId('list-page');
  await list.getByTestId('list-search-field-dictCode').locator('input').fill(code);
  await list.getByTestId('list-search-submit').click();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await list.locator('[data-testid^="dict-config-"]').first().click();
  const drawer = page.getByTestId('dict-items-drawer');
  await drawer.getByTestId('dict-items-mode').getByText('批量编辑', { exact: true }).click();
  const grid = drawer.getByTestId('dict-items-grid');
  await expect(grid.getByTestId('grid-row-0')).toBeVisible();
  return grid;
}

const cellText = (grid: Locator, row: number, key: string) => grid.getByTestId(`grid-cell-${row}-${key}`).getByTestId('grid-cell-text');

async function typeInto(grid: Locator, row: number, key: string, value: string, commitKey = 'Enter') {
  await grid.getByTestId(`grid-cell-${row}-${key}`).click();
  const editor = grid.getByTestId(`grid-cell-${row}-${key}`).getByTestId('grid-editor');
  await editor.fill(value);
  await editor.press(commitKey);
}

test.describe('字典项 批量编辑 (editable grid)', () => {
  test('add, edit, required message, drag sort kept after save and reload, 2×2 paste', async ({ page, baseURL }) => {
    await apiLogin(page.context(), baseURL!, 'admin');
    const { code } = await makeDict(page.request, baseURL!, [
      ['一', '1'],
      ['二', '2'],
    ]);
    let grid = await openGrid(page, code);
    await expect(cellText(grid, 1, 'itemText')).toHaveText('二');

    // A new row left empty: 保存 refuses and the cell says why.
    await grid.getByTestId('grid-add').click();
    await expect(grid.getByTestId('grid-row-2')).toBeVisible();
    await grid.getByTestId('grid-cell-2-itemText').getByTestId('grid-editor').press('Escape');
    await grid.getByTestId('grid-save').click();
    await expect(page.getByText('请先修正表格中标红的单元格')).toBeVisible();
    await expect(grid.getByTestId('grid-cell-2-itemText')).toHaveAttribute('data-invalid', 'true');
    await expect(grid.getByTestId('grid-cell-2-itemText').getByText('请输入名称!')).toBeVisible();

    // Fill it (Tab moves on to 数据值 in edit mode) and edit a saved row.
    await grid.getByTestId('grid-cell-2-itemText').click();
    await grid.getByTestId('grid-cell-2-itemText').getByTestId('grid-editor').fill('三');
    await grid.getByTestId('grid-cell-2-itemText').getByTestId('grid-editor').press('Tab');
    await grid.getByTestId('grid-cell-2-itemValue').getByTestId('grid-editor').fill('3');
    await grid.getByTestId('grid-cell-2-itemValue').getByTestId('grid-editor').press('Enter');
    await typeInto(grid, 0, 'itemText', '壹');
    await expect(grid.getByTestId('grid-cell-2-itemText')).not.toHaveAttribute('data-invalid', 'true');

    // Drag 三 to the top with the keyboard sensor of the handle (Space, ↑↑, Space).
    const handle = grid.getByTestId('grid-drag-2');
    await handle.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(cellText(grid, 0, 'itemText')).toHaveText('三');
    await expect(cellText(grid, 0, 'sortOrder')).toHaveText('1');

    await grid.getByTestId('grid-save').click();
    await expect(page.getByText('保存成功！')).toBeVisible();

    await page.reload();
    grid = await openGrid(page, code);
    await expect(cellText(grid, 0, 'itemText')).toHaveText('三');
    await expect(cellText(grid, 1, 'itemText')).toHaveText('壹');
    await expect(cellText(grid, 2, 'itemText')).toHaveText('二');

    // Paste a 2×2 block from Excel at 名称 of the first row (a synthetic ClipboardEvent: headless clipboard permissions are flaky).
    await grid.getByTestId('grid-cell-0-itemText').click();
    await grid.getByTestId('grid-cell-0-itemText').getByTestId('grid-editor').press('Escape');
    await grid.evaluate((el) => {
      const dt = new DataTransfer();
      dt.setData('text/plain', '甲\tA\r\n乙\tB\r\n');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    });
    await expect(cellText(grid, 0, 'itemText')).toHaveText('甲');
    await expect(cellText(grid, 0, 'itemValue')).toHaveText('A');
    await expect(cellText(grid, 1, 'itemText')).toHaveText('乙');
    await expect(cellText(grid, 1, 'itemValue')).toHaveText('B');
    await grid.getByTestId('grid-save').click();
    await expect(page.getByText('保存成功！').last()).toBeVisible();
    const stored = await (await page.request.get(`/jeecg-boot/sys/dict/getDictItems/${code}`)).json();
    expect((stored.result as { value: string; text: string }[]).map((i) => `${i.text}=${i.value}`)).toEqual(['甲=A', '乙=B', '二=2']);
  });

  test('two sessions on the same dictionary: an edit shows in the other grid', async ({ browser, baseURL }) => {
    const a = await browser.newContext({ baseURL });
    const b = await browser.newContext({ baseURL });
    try {
      await apiLogin(a, baseURL!, 'admin');
      await apiLogin(b, baseURL!, 'admin');
      const pageA = await a.newPage();
      const pageB = await b.newPage();
      const { code } = await makeDict(pageA.request, baseURL!, [
        ['同步一', 's1'],
        ['同步二', 's2'],
      ]);
      const gridA = await openGrid(pageA, code);
      const gridB = await openGrid(pageB, code);
      await expect(gridA).toHaveAttribute('data-socket', 'open', { timeout: 20_000 });
      await expect(gridB).toHaveAttribute('data-socket', 'open', { timeout: 20_000 });
      await typeInto(gridA, 0, 'itemText', '已同步');
      await expect(cellText(gridB, 0, 'itemText')).toHaveText('已同步');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

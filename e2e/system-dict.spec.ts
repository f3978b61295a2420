import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support';

/** 数据字典 and 分类字典 as the administrator. Names carry a stamp so a rerun on the same data dir works. */

const rowsOf = (scope: Locator) => scope.locator('tbody tr.ant-table-row');

async function openMenu(page: Page, label: string, url: RegExp) {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText(label, { exact: true }).click();
  await expect(page).toHaveURL(url);
}

async function addItem(page: Page, drawer: Locator, text: string, value: string) {
  await drawer.getByTestId('list-add').click();
  const form = page.getByTestId('form-modal');
  await form.getByLabel('名称', { exact: true }).fill(text);
  await form.getByLabel('数据值', { exact: true }).fill(value);
  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();
}

test.describe('数据字典 / 分类字典', () => {
  test('adds a dictionary with two items; after 刷新缓存 the browser has them', async ({ page }) => {
    await openMenu(page, '数据字典', /\/isystem\/dict$/);
    const list = page.getByTestId('page-wrapper').getByTestId('list-page');
    await expect(rowsOf(list).first()).toBeVisible();
    const code = `e2e_grade_${Date.now().toString(36)}`;

    await list.getByTestId('list-add').click();
    const form = page.getByTestId('form-modal');
    await form.getByLabel('字典名称').fill('端到端年级');
    await form.getByLabel('字典编码').fill('bad code');
    await page.getByTestId('form-modal-submit').click();
    await expect(form.getByText('字典编码只能包含字母、数字和下划线')).toBeVisible();
    await form.getByLabel('字典编码').fill(code);
    await page.getByTestId('form-modal-submit').click();
    await expect(form).toBeHidden();

    await list.getByTestId('list-search-field-dictCode').locator('input').fill(code);
    await list.getByTestId('list-search-submit').click();
    await expect(rowsOf(list)).toHaveCount(1);
    await rowsOf(list).first().locator('[data-testid^="dict-config-"]').click();

    const drawer = page.getByTestId('dict-items-drawer');
    await expect(drawer.getByTestId('dict-items-of')).toContainText(code);
    await addItem(page, drawer, '一年级', '1');
    await addItem(page, drawer, '二年级', '2');
    await expect(rowsOf(drawer)).toHaveCount(2);
    // The value is unique within the dictionary.
    await drawer.getByTestId('list-add').click();
    await page.getByTestId('form-modal').getByLabel('名称', { exact: true }).fill('重复');
    await page.getByTestId('form-modal').getByLabel('数据值', { exact: true }).fill('1');
    await page.getByTestId('form-modal-submit').click();
    await expect(page.getByText('该字典中已存在相同的数据值')).toBeVisible();
    await page.getByTestId('form-modal-cancel').click();
    // The form holds unsaved input: closing asks first (issue #39).
    await page.locator('.ant-modal-confirm').getByText('有未保存的修改，确定关闭吗？').waitFor();
    await page.locator('.ant-modal-confirm .ant-btn-primary').click();
    await expect(page.getByTestId('form-modal').filter({ visible: true })).toHaveCount(0);
    await page.locator('.ant-drawer-close').filter({ visible: true }).click();
    await expect(drawer).toBeHidden();

    await list.getByTestId('dict-refresh-cache').click();
    await expect(page.getByText('刷新缓存完成！')).toBeVisible();

    // The browser's 7-day dictionary cache now holds the new items …
    const cached = await page.evaluate((c) => {
      const raw = window.localStorage.getItem('pro__UI_DICT_CACHE_ITEMS');
      return raw ? (JSON.parse(raw) as { value: Record<string, { value: string; text: string }[]> }).value[c] : null;
    }, code);
    expect(cached?.map((i) => i.text)).toEqual(['一年级', '二年级']);
    // … and the dictionary API answers them through the BFF with the browser's session.
    const api = await page.request.get(`/jeecg-boot/sys/dict/getDictItems/${code}`);
    expect((await api.json()).result).toEqual([
      { value: '1', text: '一年级', title: '一年级', label: '一年级' },
      { value: '2', text: '二年级', title: '二年级', label: '二年级' },
    ]);
  });

  test('adds a root category and a child whose code starts with the parent code', async ({ page }) => {
    await openMenu(page, '分类字典', /\/isystem\/category$/);
    const table = page.getByTestId('category-table');
    await expect(rowsOf(table).first()).toBeVisible();
    const name = `端到端分类${Date.now().toString(36)}`;

    await page.getByTestId('category-add').click();
    const form = page.getByTestId('category-form');
    await form.getByLabel('类型名称').fill(name);
    await page.getByTestId('category-form-submit').click();
    await expect(form).toBeHidden();

    await page.getByTestId('category-search-name').fill(name);
    await page.getByTestId('category-search-submit').click();
    await expect(rowsOf(table)).toHaveCount(1);
    const parent = rowsOf(table).first();
    const parentCode = ((await parent.locator('td').nth(1).textContent()) ?? '').trim();
    expect(parentCode).toMatch(/^[A-Z]\d{2}$/);

    await parent.locator('[data-testid^="category-add-child-"]').click();
    await expect(form.getByTestId('category-form-parent')).toHaveValue(name);
    await form.getByLabel('类型名称').fill(`${name}子级`);
    // A code outside the parent's is refused by checkCode before saving.
    await form.getByLabel('类型编码').fill('Z99');
    await form.getByLabel('类型名称').click();
    await expect(form.getByText(`编码不符合规范,须以"${parentCode}"开头!`)).toBeVisible();
    await form.getByLabel('类型编码').fill('');
    await page.getByTestId('category-form-submit').click();
    await expect(form).toBeHidden();

    // The name search also matches the child, so it may be listed twice (flat and under its parent).
    const child = rowsOf(table).filter({ hasText: `${name}子级` }).first();
    await expect(child).toBeVisible();
    await expect(child.locator('td').nth(1)).toHaveText(new RegExp(`^${parentCode}[A-Z]\\d{2}$`));
  });
});

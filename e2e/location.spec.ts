import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiLogin, signIn } from './support';

/**
 * 场地管理 (教育 → 场地管理, /edu/location): the venue list and form (features/edu/location). The e2e server
 * sets no MAP_* variables, so the form says the map is not configured and works without it.
 * Assumes the seed gives admin, marketing and teacher the venue menu (edu:location:list), and
 * edu:location:add / edit / delete to admin and marketing.
 */
const rows = (page: Page) => page.getByTestId('list-table').locator('tbody tr.ant-table-row');
const rowWith = (page: Page, text: string) => rows(page).filter({ hasText: text });

async function openVenues(page: Page, username: string) {
  await signIn(page, username, '/edu/location');
  await expect(page).toHaveURL(/\/edu\/location$/);
  await expect(page.getByTestId('list-table')).toBeVisible();
}

async function searchDetail(page: Page, text: string) {
  const list = page.getByTestId('list-page');
  await list.getByTestId('list-search-field-detailLocation').locator('input').fill(text);
  await list.getByTestId('list-search-submit').click();
}

/** Picks province then city in the venue form's cascader (the region data loads on first use). */
async function pickRegion(page: Page, province: string, city: string) {
  const form = page.getByTestId('location-form');
  const dropdown = page.locator('.ant-cascader-dropdown:visible');
  await expect(async () => {
    if (!(await dropdown.count())) await form.getByTestId('area-linkage-cascader').click();
    await dropdown.getByText(province, { exact: true }).click({ timeout: 2_000 });
    await dropdown.getByText(city, { exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(form.getByTestId('area-linkage-cascader')).toContainText(city);
}

test('admin adds a venue after every validation message, edits it and toggles its status with a confirmation', async ({ page }) => {
  const detail = `E2E场地${Date.now()}`;
  await openVenues(page, 'admin');

  await page.getByTestId('list-add').click();
  const modal = page.getByTestId('location-form-modal');
  await expect(modal).toHaveAttribute('data-mode', 'add');
  // Without a map service the map part is one line (issue #21).
  await expect(modal.getByTestId('location-map')).toHaveText('未配置地图服务，请直接填写地区与详细地址');
  // The form's own 提交 is for workflow mode only: the modal's 确定 submits.
  await expect(modal.getByTestId('location-form-submit')).toHaveCount(0);

  await page.getByTestId('location-form-ok').click();
  await expect(modal.getByText('请输入场地名称!')).toBeVisible();
  await expect(modal.getByText('请选择地区!')).toBeVisible();
  await expect(modal.getByText('请输入详细地址!')).toBeVisible();
  await expect(modal.getByText('请填写最多容纳人数')).toBeVisible();
  await modal.getByPlaceholder('请输入最多容纳人数').fill('0');
  await expect(modal.getByText('请输入正整数!')).toBeVisible();

  await modal.getByPlaceholder('请输入场地名称').fill(`${detail}教学点`);
  await pickRegion(page, '广东省', '深圳市');
  await modal.getByPlaceholder('请输入详细地址').fill(detail);
  await modal.getByPlaceholder('请输入最多容纳人数').fill('30');
  await modal.getByPlaceholder('请输入酒店联系人').fill('张经理');
  await modal.getByPlaceholder('请输入联系电话').fill('0755-86000000');
  await page.getByTestId('location-form-ok').click();
  await expect(modal).toBeHidden();

  await searchDetail(page, detail);
  await expect(rows(page)).toHaveCount(1);
  const row = rowWith(page, '广东省');
  await expect(row).toContainText('深圳市');
  await expect(row).toContainText(`${detail}教学点`);
  await expect(row).toContainText('30');

  // 编辑: the same record, PUT.
  await row.getByText('编辑', { exact: true }).click();
  await expect(modal).toHaveAttribute('data-mode', 'edit');
  await expect(modal.getByPlaceholder('请输入详细地址')).toHaveValue(detail);
  await modal.getByPlaceholder('请输入最多容纳人数').fill('45');
  await page.getByTestId('location-form-ok').click();
  await expect(modal).toBeHidden();
  await expect(rows(page).first()).toContainText('45');

  // 状态: asks first, then saves.
  const status = rows(page).first().locator('[data-testid^="location-status-"]');
  await expect(status).toHaveAttribute('aria-checked', 'true');
  await status.click();
  await expect(page.getByText('确定要停用该场地吗？')).toBeVisible();
  await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await expect(status).toHaveAttribute('aria-checked', 'false');
});

/** A venue owned by the admin, made through the API. */
async function adminVenue(browser: Browser, baseURL: string, detail: string): Promise<Record<string, unknown>> {
  const context = await browser.newContext({ baseURL });
  await apiLogin(context, baseURL, 'admin');
  const add = await context.request.post('/jeecg-boot/location/tblLocation/add', {
    data: { name: `${detail}教学点`, province: '110000', city: '110100', detailLocation: detail, maxMember: 12, status: 1, isDoubleTeacher: 0 },
    headers: { origin: baseURL },
  });
  expect((await add.json()).success).toBe(true);
  const list = await context.request.get(`/jeecg-boot/location/tblLocation/list?detailLocation=${encodeURIComponent(`*${detail}*`)}`);
  const records = (await list.json()).result.records as Record<string, unknown>[];
  expect(records).toHaveLength(1);
  await context.close();
  return records[0];
}

test('ownership: marketing may edit a venue owned by someone else; a teacher may not, and the server refuses its edit', async ({ browser, baseURL }) => {
  const detail = `E2E他人场地${Date.now()}`;
  const venue = await adminVenue(browser, baseURL!, detail);
  const id = String(venue.id);

  const marketing = await browser.newContext({ baseURL });
  const mPage = await marketing.newPage();
  await openVenues(mPage, 'marketing');
  await searchDetail(mPage, detail);
  await expect(rows(mPage)).toHaveCount(1);
  await expect(mPage.getByTestId(`row-edit-${id}`)).toBeVisible();
  await expect(mPage.getByTestId(`location-status-${id}`)).toBeEnabled();
  await marketing.close();

  const teacher = await browser.newContext({ baseURL });
  const tPage = await teacher.newPage();
  // teacher2 (one department: no 部门选择 dialog at sign-in).
  await openVenues(tPage, 'teacher2');
  await searchDetail(tPage, detail);
  await expect(rows(tPage)).toHaveCount(1);
  await expect(tPage.getByTestId(`row-edit-${id}`)).toHaveCount(0);
  await expect(tPage.getByTestId(`row-delete-${id}`)).toHaveCount(0);
  await expect(tPage.getByTestId(`location-status-${id}`)).toBeDisabled();
  // Going around the UI does not help: the server enforces the same ownership.
  const edit = await teacher.request.put('/jeecg-boot/location/tblLocation/edit', { data: { ...venue, maxMember: 1 }, headers: { origin: baseURL! } });
  const body = await edit.json();
  expect(body.success).toBe(false);
  await teacher.close();

  // The venue is unchanged.
  const check = await browser.newContext({ baseURL });
  await apiLogin(check, baseURL!, 'admin');
  const after = await check.request.get(`/jeecg-boot/location/tblLocation/queryById?id=${encodeURIComponent(id)}`);
  expect((await after.json()).result.maxMember).toBe(12);
  await check.close();
});

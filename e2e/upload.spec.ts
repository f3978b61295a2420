import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * Uploads (issue 5, spec 02 §5/§7): 课程资料 with the per-type rules and a real PDF, the static route
 * refusing traversal, and the rich-text editor inserting an uploaded image through the file dialog.
 */

// A valid 1×1 PNG, so the browser can really draw it.
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const item = (form: Locator, page: Page, label: string) => form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: new RegExp(`^${label}$`) }) });

async function chooseOption(page: Page, select: Locator, text?: string) {
  await expect(async () => {
    await select.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await (text ? options.filter({ hasText: text }) : options).first().click({ timeout: 2_000 });
    // A pick made while the dropdown is still opening can be lost: retried until the select shows it.
    if (text) await expect(select.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText(text, { timeout: 2_000 });
    // Any option: the placeholder (请选择…) must have given way to the pick.
    else await expect(select.locator('.ant-select')).not.toContainText('请选择', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

test('课程资料: refusals by type and size, then a PDF added and downloaded', async ({ page }) => {
  await signIn(page, 'admin', '/edu/material');
  await expect(page.getByTestId('list-table')).toBeVisible();
  const form = page.getByTestId('form-modal');
  // Retried: a click that lands before hydration does nothing.
  await expect(async () => {
    await page.getByTestId('list-add').click();
    await expect(form).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await chooseOption(page, item(form, page, '课程'));
  const name = `E2E讲义${Date.now() % 100000}`;
  await item(form, page, '名称').locator('input').fill(name);

  // 图片: a 3 MB png is refused on the client with the spec's message; an .exe is the wrong format.
  await chooseOption(page, item(form, page, '类型'), '图片');
  const upload = form.getByTestId('material-upload-input');
  await upload.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.concat([PNG_1PX, Buffer.alloc(3 * 1024 * 1024)]) });
  await expect(form.getByTestId('material-upload-error')).toHaveText('上传图片失败，请先压缩图片大小到2M以内');
  await upload.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(form.getByTestId('material-upload-error')).toHaveText('错误的文件格式');

  // 文档: a small PDF goes up and comes back as a stored path.
  await chooseOption(page, item(form, page, '类型'), '文档');
  await form.getByTestId('material-upload-input').setInputFiles({ name: 'lesson.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.getByTestId('material-upload-value')).toHaveAttribute('data-path', /^material\/.+\.pdf$/);
  await page.getByTestId('form-modal-submit').click();
  await expect(page.getByText('添加成功！')).toBeVisible();
  await expect(form).toBeHidden();
  // Uploads are listed in the shell's upload list (header button), without covering the page.
  await expect(page.getByTestId('upload-list-open')).toBeVisible();

  await page.getByTestId('list-search-field-name').locator('input').fill(name);
  await page.getByTestId('list-search-submit').click();
  const row = page.getByTestId('list-table').locator('tbody tr.ant-table-row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('文档');
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('material-download').click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
});

test('a traversal through the static and download routes is refused', async ({ page }) => {
  await signIn(page, 'admin', '/edu/material');
  await expect(page.getByTestId('list-table')).toBeVisible();
  for (const url of ['/jeecg-boot/sys/common/static/..%2f..%2fetc%2fpasswd', '/jeecg-boot/sys/common/download/..%2f..%2fetc%2fpasswd', '/jeecg-boot/sys/common/static/%2e%2e%2f%2e%2e%2fetc%2fpasswd']) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(400);
    expect(await res.text()).not.toContain('root:');
  }
});

test('通告管理: 图片 uploads through the file dialog and shows the stored image', async ({ page }) => {
  await signIn(page, 'admin', '/isystem/annountCement');
  await expect(page.getByTestId('list-table')).toBeVisible();
  const form = page.getByTestId('annt-form');
  await expect(async () => {
    await page.getByTestId('list-add').click();
    await expect(form).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(form.getByTestId('annt-content-content')).toBeVisible();
  await form.getByTestId('annt-content-image').click();
  await expect(page.getByText('本地上传')).toBeVisible();
  await page.getByTestId('annt-content-dialog-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1PX });
  await expect(page.getByTestId('annt-content-dialog-item')).toHaveAttribute('data-status', 'success');
  await page.getByTestId('annt-content-dialog-ok').click();
  const img = form.getByTestId('annt-content-content').locator('img');
  await expect(img).toHaveAttribute('src', /^\/jeecg-boot\/sys\/common\/static\/editor\/.+\.png$/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(1);
});

import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

/**
 * Teaching lists (issue 7): 学员 imported from an xlsx with one bad row, and a teacher 调动 that is
 * blocked while the teacher still has future sessions, then completed with a 接替教师.
 */

const rows = (page: Page) => page.getByTestId('list-page').locator('.ant-table-tbody tr.ant-table-row');

test('学员管理: an xlsx with one bad row imports the good rows and reports the bad one', async ({ page }, info) => {
  await signIn(page, 'admin', '/edu/student');
  const list = page.getByTestId('list-page');
  await expect(rows(page).first()).toBeVisible();

  const stamp = String(Date.now()).slice(-6);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('学员');
  ws.addRow(['学员']);
  ws.addRow(['']);
  ws.addRow(['姓名', '手机', '性别', '年级', '类型']);
  ws.addRow(['导入学员甲', `15811${stamp}`, '男', '初二', '在读']);
  ws.addRow(['导入学员乙', `15822${stamp}`, '女', '高一', '潜在']);
  // The same phone twice in one file: the second row is refused, the first lands.
  ws.addRow(['导入学员丙', `15811${stamp}`, '男', '初一', '在读']);
  fs.mkdirSync(info.outputDir, { recursive: true });
  const file = path.join(info.outputDir, 'students.xlsx');
  await wb.xlsx.writeFile(file);

  await list.getByTestId('list-importExcel').click();
  const modal = page.getByTestId('import-modal');
  // The template: an empty sheet headed by the importable columns.
  const [template] = await Promise.all([page.waitForEvent('download'), modal.getByTestId('import-template').click()]);
  const templatePath = info.outputPath('template.xlsx');
  await template.saveAs(templatePath);
  const wbTpl = new ExcelJS.Workbook();
  await wbTpl.xlsx.readFile(templatePath);
  expect(JSON.stringify(wbTpl.worksheets[0].getSheetValues())).toContain('手机');

  await modal.locator('input[type=file]').setInputFiles(file);
  // 开始上传 previews first: the counts and the bad row with its reason; nothing is written yet.
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-preview-summary')).toHaveText('共 3 行，可导入 2 行，错误 1 行');
  await expect(page.getByTestId('import-preview-row-6')).toContainText('重复');
  await page.getByTestId('import-start').click();
  await expect(page.getByTestId('import-partial')).toBeVisible();
  await expect(page.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeVisible();
  const [errorFile] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-error-file').click()]);
  const errorPath = info.outputPath('errors.xlsx');
  await errorFile.saveAs(errorPath);
  const wbErr = new ExcelJS.Workbook();
  await wbErr.xlsx.readFile(errorPath);
  expect(JSON.stringify(wbErr.worksheets[0].getSheetValues())).toContain('导入学员丙');
  await page.keyboard.press('Escape');

  await list.getByTestId('list-search-field-name').locator('input').fill('导入学员');
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page).filter({ hasText: stamp })).toHaveCount(2);
});

test('教师管理: 调动 is refused while future sessions remain, then done with a 接替教师', async ({ page }) => {
  await signIn(page, 'admin', '/edu/teacher');
  const list = page.getByTestId('list-page');
  // 黄磊 (tch_09) teaches in Beijing all term.
  await list.getByTestId('list-search-field-name').locator('input').fill('黄磊');
  await list.getByTestId('list-search-submit').click();
  await expect(rows(page)).toHaveCount(1);

  await page.getByTestId('teacher-transfer-tch_09').click();
  const form = page.getByTestId('teacher-transfer-form');
  await expect(form).toBeVisible();
  await form.getByTestId('transfer-depart-open').click();
  const departs = page.getByTestId('depart-picker');
  await departs.getByText('上海校区', { exact: true }).click();
  await page.getByTestId('depart-picker-ok').click();
  await expect(departs).toBeHidden();
  await page.getByRole('button', { name: '确定调动' }).click();
  await expect(page.getByText(/该教师在生效日期后还有\d+个未上的课次，请指定接替教师/)).toBeVisible();

  // 接替教师: 王海涛 (another Beijing maths teacher) takes the sessions over.
  const reassign = form.locator('.ant-form-item').filter({ hasText: '接替教师' }).locator('.ant-select');
  await expect(async () => {
    await reassign.click();
    await reassign.locator('input').fill('王海涛');
    await page.locator('.ant-select-dropdown:visible').getByText('王海涛').first().click({ timeout: 2_000 });
    await expect(reassign).toContainText('王海涛', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByRole('button', { name: '确定调动' }).click();
  await expect(page.getByText(/调动成功/).first()).toBeVisible();

  await page.getByTestId('teacher-transfers-tch_09').click();
  await expect(page.getByTestId('teacher-transfer-history')).toContainText('上海校区');
});

import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

const rows = (page: Page) => page.getByTestId('list-table').locator('tbody tr.ant-table-row');
const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';

/** A rerun on the same data finds the job of the last run: remove it first (the class may exist once). */
async function removeLeftover(page: Page, baseURL: string) {
  const res = await page.request.get('/jeecg-boot/sys/quartzJob/list?pageSize=50');
  const body = (await res.json()) as { result?: { records?: { id: string; jobClassName: string }[] } };
  for (const r of body.result?.records ?? []) {
    if (r.jobClassName === SAMPLE) await page.request.delete(`/jeecg-boot/sys/quartzJob/delete?id=${r.id}`, { headers: { origin: baseURL } });
  }
}

test('定时任务: build an expression in the cron modal, save, stop, and reopen it parsed', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('定时任务', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/QuartzJobList$/);
  await removeLeftover(page, baseURL!);
  await page.reload();
  const list = page.getByTestId('list-page');
  await expect(rows(page).first()).toBeVisible();

  // 新增: class, then the expression from the builder: 每隔 5 秒.
  await list.getByTestId('list-add').click();
  const form = page.getByTestId('form-modal');
  await form.getByLabel('任务类名').click();
  await page.locator('.ant-select-item-option').filter({ hasText: '示例任务' }).click();
  await form.getByTestId('quartz-cron-open').click();
  const modal = page.getByTestId('cron-modal');
  await expect(modal).toBeVisible();
  await modal.getByTestId('cron-second-mode-2').check();
  await modal.getByTestId('cron-second-step').fill('5');
  await modal.getByTestId('cron-second-step').press('Tab');
  await expect(modal.getByTestId('cron-expression')).toHaveValue('0/5 * * * * ? *');
  await expect(modal.getByTestId('cron-next-runs').locator('li')).toHaveCount(5);
  await modal.getByTestId('cron-ok').click();
  await expect(modal).toBeHidden();
  await expect(form.getByTestId('quartz-cron')).toHaveValue('0/5 * * * * ? *');
  await page.getByTestId('form-modal-submit').click();
  await expect(form).toBeHidden();

  // The row is listed running; 停止 stops it.
  const row = rows(page).filter({ hasText: SAMPLE });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-testid^="quartz-status-"]')).toHaveText('正常');
  await expect(row).toContainText('0/5 * * * * ? *');
  await row.locator('[data-testid^="quartz-pause-"]').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(row.locator('[data-testid^="quartz-status-"]')).toHaveText('停止');
  await expect(row.locator('[data-testid^="quartz-resume-"]')).toBeVisible();

  // 编辑: the builder opens on the stored expression, parsed back into 每隔 5 秒.
  await row.locator('[data-testid^="row-edit-"]').click();
  await expect(form.getByTestId('quartz-cron')).toHaveValue('0/5 * * * * ? *');
  await form.getByTestId('quartz-cron-open').click();
  await expect(modal.getByTestId('cron-second-mode-2')).toBeChecked();
  await expect(modal.getByTestId('cron-second-step')).toHaveValue('5');
  await expect(modal.getByTestId('cron-expression')).toHaveValue('0/5 * * * * ? *');
  await modal.getByTestId('cron-cancel').click();
  await expect(modal).toBeHidden();
  await page.getByTestId('form-modal-cancel').click();
  await expect(form).toBeHidden();

  await removeLeftover(page, baseURL!);
});

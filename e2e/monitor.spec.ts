import { expect, test } from '@playwright/test';
import { signIn } from './support';

test('系统监控: the administrator sees live figures of 磁盘, 进程 and HTTP 请求追踪, and they change on refresh', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('sider').getByText('系统管理', { exact: true }).click();
  await page.getByTestId('sider').getByText('系统监控', { exact: true }).click();
  await expect(page).toHaveURL(/\/isystem\/monitor$/);

  // 磁盘 (the first tab): the filesystem holding DATA_DIR and the upload folder.
  const disk = page.getByTestId('monitor-disk');
  await expect(disk.getByTestId('figure-disk-total')).toHaveText(/^\d+(\.\d)? (KB|MB|GB|TB)$/);
  await expect(disk.getByTestId('figure-disk-used-percent')).toHaveText(/^\d+(\.\d)?%$/);
  await expect(disk.getByTestId('figure-upload-size')).toHaveText(/\d/);

  // 进程: heap and event-loop lag; every refresh adds a point to the curves and the heap figure moves.
  await page.getByRole('tab', { name: '进程' }).click();
  const proc = page.getByTestId('monitor-process');
  const heap = proc.getByTestId('figure-heap-used');
  await expect(heap).toHaveText(/^\d+(\.\d)? MB$/);
  await expect(proc.getByTestId('figure-event-loop-lag')).toHaveText(/^\d+(\.\d+)? ms$/);
  const heapBefore = await heap.innerText();
  const firstCurve = proc.getByTestId('sparkline').first();
  await expect(async () => {
    await proc.getByTestId('monitor-process-refresh').click();
    expect(Number(await firstCurve.getAttribute('data-points'))).toBeGreaterThanOrEqual(2);
    expect(await heap.innerText()).not.toBe(heapBefore);
  }).toPass({ timeout: 20_000 });

  // HTTP 请求追踪: this session's own calls, without query strings, newest first.
  await page.getByRole('tab', { name: 'HTTP 请求追踪' }).click();
  const trace = page.getByTestId('monitor-httptrace');
  const rows = trace.locator('tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: '/jeecg-boot/sys/monitor/process' }).first()).toContainText('admin');
  await expect(trace.getByTestId('figure-trace-total')).toHaveText(/共 \d+ 条/);
  await expect(trace).not.toContainText('?');
  const newest = await rows.first().innerText();
  await expect(async () => {
    await trace.getByTestId('monitor-httptrace-refresh').click();
    expect(await rows.first().innerText()).not.toBe(newest);
  }).toPass({ timeout: 20_000 });
});

import { expect, test } from '@playwright/test';
import { apiLogin, signedInWithBell, unread } from './support';

test('an announcement to one teacher reaches only that teacher’s bell at once; opening it marks it read', async ({ page, browser, baseURL }) => {
  // Each waits for the first listByUser answers before counting.
  await signedInWithBell(page, 'teacher2');
  const other = await (await browser.newContext({ baseURL })).newPage();
  await signedInWithBell(other, 'jiaowu');
  const before = await unread(page);
  const otherBefore = await unread(other);

  // A run suffix: a retry on the same server must not meet the first attempt's announcement in the bell.
  const title = `期中考试监考安排${Date.now().toString(36).slice(-4)}`;
  const adminCtx = await browser.newContext({ baseURL });
  await apiLogin(adminCtx, baseURL!, 'admin');
  const headers = { origin: baseURL! };
  const added = await (
    await adminCtx.request.post('/jeecg-boot/sys/annountCement/add', {
      headers,
      data: { titile: title, msgContent: '<p>请按时到岗<script>alert(1)</script></p>', msgType: 'USER', userIds: 'u_teacher2', msgCategory: '1', priority: 'H' },
    })
  ).json();
  expect(added).toMatchObject({ success: true });
  const id = added.result.id as string;
  const released = await (await adminCtx.request.get(`/jeecg-boot/sys/annountCement/doReleaseData?id=${id}`)).json();
  expect(released).toMatchObject({ success: true, message: '该系统通知发布成功' });

  // Pushed over the socket: no 6 s poll involved (spec: within 2 s; a little slack for a busy CI box).
  await expect.poll(() => unread(page), { timeout: 2_500 }).toBe(before + 1);
  // The other user's bell does not move, and the announcement cannot be fetched by id.
  await other.waitForTimeout(1_000);
  expect(await unread(other)).toBe(otherBefore);
  const peek = await (await other.request.get(`/jeecg-boot/sys/annountCement/queryById?id=${id}`)).json();
  expect(peek.success).toBe(false);

  // Open it from the bell: sanitised content, marked read, the count drops.
  // The bell's list may re-render under the pointer when the pushed reload lands: click until the announcement opens.
  const modal = page.getByTestId('announcement-modal');
  await expect(async () => {
    if (!(await page.getByTestId('notice-item').filter({ hasText: title }).isVisible())) await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-item').filter({ hasText: title }).click({ timeout: 2_000 });
    await expect(modal).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('announcement-content')).toContainText('请按时到岗');
  expect(await page.getByTestId('announcement-content').innerHTML()).not.toContain('script');
  await page.getByTestId('announcement-close').click();
  await expect.poll(() => unread(page), { timeout: 5_000 }).toBe(before);
  await adminCtx.close();
  await other.context().close();
});

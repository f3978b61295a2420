import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * 审核 (issue 7 item 7): a leave filed through the API shows under 待审核; admin approves it from the
 * 审核 screen reached through the menu, and it moves to 已通过. The session is made on a far-future
 * morning of 初一数学A班 (clz_01) so it does not disturb the seeded term.
 */
test('admin approves a pending leave in 审核 and finds it under 已通过', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await expect(page.locator('[data-socket="open"]')).toBeVisible();
  const req = page.context().request;
  const headers = { origin: baseURL! };
  const stamp = Date.now().toString(36);
  const day = `2027-05-${String(10 + (Date.now() % 18)).padStart(2, '0')}`;

  const added = await (
    await req.post('/jeecg-boot/calendar/tblCalendar/add', {
      data: { type: 0, clazzId: 'clz_01', clazzStartTime: `${day} 06:00:00`, clazzEndTime: `${day} 07:00:00`, teachers: [{ teacherId: 'tch_01', role: 1 }] },
      headers,
    })
  ).json();
  expect(added.success, JSON.stringify(added)).toBe(true);
  const calendarId = added.result.id as string;
  const roll = await (await req.get(`/jeecg-boot/calendar/lessonStudent/list?calendarId=${calendarId}`)).json();
  const student = roll.result[0] as { studentId: string; studentName: string };
  const reason = `e2e请假${stamp}`;
  const filed = await (await req.post('/jeecg-boot/calendar/tblCalendarApply/add', { data: { kind: 1, calendarId, studentId: student.studentId, reason }, headers })).json();
  expect(filed.success, JSON.stringify(filed)).toBe(true);
  const applyId = filed.result.id as string;

  await page.getByTestId('sider').getByText('教育', { exact: true }).click();
  await page.getByTestId('sider').getByText('审核', { exact: true }).click();
  await expect(page).toHaveURL(/\/edu\/audit/);
  const table = page.getByTestId('apply-table');
  await expect(table.locator('tr', { hasText: reason })).toBeVisible();

  await page.getByTestId(`apply-pass-${applyId}`).click();
  await expect(page.getByTestId('apply-audit-summary')).toContainText(student.studentName);
  await page.getByTestId('apply-audit-remark').fill('同意');
  await page.getByTestId('apply-audit-ok').click();
  await expect(page.getByText('审核通过').first()).toBeVisible();
  await expect(table.locator('tr', { hasText: reason })).toHaveCount(0);

  await page.getByTestId('apply-tab-1').click();
  const done = table.locator('tr', { hasText: reason });
  await expect(done).toBeVisible();
  await expect(done).toContainText('已通过');
  await expect(done).toContainText('同意');
});

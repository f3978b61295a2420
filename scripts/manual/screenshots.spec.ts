import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../../e2e/support';

/** Writes the manual's pictures (public/manual/img/*.png); see playwright.manual.config.ts. */
const shot = (name: string) => path.resolve('public/manual/img', `${name}.png`);

/** 'YYYY-MM-DD' in Beijing, `days` from today. */
const day = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86400_000).toISOString().slice(0, 10);

async function calendarReady(page: Page) {
  await expect(page.getByTestId('calendar-panel')).toBeVisible();
  await expect(page.getByTestId('cal-event').first()).toBeVisible();
}

test('行事历: the week of a teacher', async ({ page }) => {
  await signIn(page, 'teacher2', `/calpanel/CalendarPanel?view=week&date=${day(0)}`);
  await calendarReady(page);
  await page.screenshot({ path: shot('calendar-week') });
});

test('批量排课: the series form with its preview', async ({ page }) => {
  await signIn(page, 'jiaowu', `/calpanel/CalendarPanel?view=week&date=${day(0)}`);
  await calendarReady(page);
  await page.getByTestId('cal-add-series').click();
  const modal = page.locator('.ant-modal').filter({ hasText: '新建日程' });
  await expect(modal).toBeVisible();
  await modal.screenshot({ path: shot('schedule-series') });
});

test('点名: the roll of a session that has begun', async ({ page }) => {
  await signIn(page, 'jiaowu', `/calpanel/CalendarPanel?view=week&date=${day(-7)}&clazzId=clz_01`);
  await calendarReady(page);
  await page.getByTestId('cal-event').first().click();
  const detail = page.getByTestId('cal-detail');
  await detail.getByRole('tab', { name: '点名' }).click();
  await expect(detail.locator('.ant-table tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: shot('roll-call') });
});

test('学员管理: the list', async ({ page }) => {
  await signIn(page, 'jiaowu', '/edu/student');
  await expect(page.getByTestId('list-table').locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.screenshot({ path: shot('students') });
});

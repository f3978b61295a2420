import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { type Envelope, loginViaUi, signIn } from './support';

/**
 * 行事历 journeys of issue 7: land on the week's sessions, create a weekly series, drag a session onto
 * a busy teacher (refused, the clash named) and onto a free slot (saved, still there after a reload),
 * and 点名 with the student's remaining hours dropping. Set-up rows are made through the API on days
 * outside the seeded term, so the journeys do not disturb each other or the demo data.
 */

async function add(req: APIRequestContext, baseURL: string, body: object): Promise<string> {
  const r = await req.post('/jeecg-boot/calendar/tblCalendar/add', { data: body, headers: { origin: baseURL } });
  const json = (await r.json()) as Envelope<{ id: string }>;
  expect(json.message, JSON.stringify(json)).toBe('添加成功！');
  return json.result.id;
}

/** The screen is server-rendered: wait until the shell is hydrated and connected before clicking. */
async function ready(page: Page) {
  await expect(page.getByTestId('calendar-panel')).toBeVisible();
  await expect(page.locator('[data-socket="open"]')).toBeVisible();
}

const event = (page: Page, id: string) => page.locator(`[data-testid="cal-event"][data-entry-id="${id}"]`);

/** react-big-calendar's drag-and-drop listens to mouse events: press, move past its threshold, drop. */
async function drag(page: Page, from: Locator, to: { x: number; y: number }) {
  const box = (await from.boundingBox())!;
  const start = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 12) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 5, start.y + 5, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

test('teacher2 signs in and lands on 行事历 with her own sessions of this week; 全部 shows the school’s', async ({ page }) => {
  await loginViaUi(page, 'teacher2');
  await expect(page).toHaveURL(/\/calpanel\/CalendarPanel$/);
  await expect(page.getByTestId('calendar-panel')).toBeVisible();
  await expect(page.getByTestId('breadcrumb')).toContainText('行事历');
  // A teacher opens on 我的 (issue #21): her sessions only.
  await expect(page.getByTestId('cal-whose').locator('.ant-segmented-item-selected')).toHaveText('我的');
  await expect(page.getByTestId('cal-event').first()).toBeVisible();
  const mine = await page.getByTestId('cal-event').count();
  await page.getByTestId('cal-whose').getByText('全部').click();
  await expect(async () => expect(await page.getByTestId('cal-event').count()).toBeGreaterThan(Math.max(mine, 5))).toPass();
});

test('批量排课: a weekly series by count is previewed and saved', async ({ page }) => {
  await signIn(page, 'admin', '/calpanel/CalendarPanel?view=week&date=2027-04-12');
  await ready(page);
  await page.getByTestId('cal-add-series').click();
  const form = page.getByTestId('cal-series-form');
  await expect(form).toBeVisible();
  const klass = form.getByTestId('cal-form-class');
  await expect(async () => {
    await klass.click();
    await klass.locator('input').fill('素描');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click({ timeout: 2_000 });
    await expect(klass).toContainText('素描', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const startDate = form.locator('.ant-form-item').filter({ hasText: '开始日期' }).locator('input');
  await startDate.click();
  await startDate.fill('2027-04-12');
  await startDate.press('Enter');
  await form.locator('.ant-radio-wrapper', { hasText: '课次数' }).click();
  await form.locator('input[data-testid="cal-series-count"], [data-testid="cal-series-count"] input').first().fill('4');
  // Only Wednesdays (the form may preselect the weekday of the start date).
  const days = form.getByTestId('cal-series-weekdays').locator('.ant-checkbox-wrapper');
  for (const name of ['周一', '周二', '周三', '周四', '周五', '周六', '周日']) {
    const box = days.filter({ hasText: name });
    const checked = (await box.locator('.ant-checkbox-checked').count()) > 0;
    if (checked !== (name === '周三')) await box.click();
  }
  for (const [label, value] of [['上课时间', '09:00'], ['下课时间', '10:30']]) {
    const input = form.locator('.ant-form-item').filter({ hasText: label }).locator('input');
    await input.click();
    await input.fill(value);
    await input.press('Enter');
  }
  await page.getByTestId('cal-series-preview-btn').click();
  const preview = page.getByTestId('cal-series-preview');
  await expect(preview.getByTestId('cal-series-session')).toHaveCount(4);
  await expect(preview.locator('[data-testid="cal-series-session"][data-conflict="1"]')).toHaveCount(0);
  await page.getByTestId('cal-series-save').click();
  await expect(page.getByText('排课成功，共生成4个课次')).toBeVisible();
  // 2027-04-14 is the Wednesday of the week shown.
  await expect(page.getByTestId('cal-event').filter({ hasText: '素描' })).toHaveCount(1);
});

test('drag onto a busy teacher is refused with the clash named; a drag to a free slot is saved', async ({ page, baseURL }) => {
  // A retry gets a day of its own: the first attempt's sessions stay where it left them.
  const day = test.info().retry ? '2027-03-23' : '2027-03-16';
  await signIn(page, 'admin', `/calpanel/CalendarPanel?view=day&date=${day}&res=teacher`);
  await ready(page);
  const req = page.context().request;
  const stamp = String(Date.now()).slice(-5);
  const moving = await add(req, baseURL!, { type: 4, title: `拖动会议${stamp}`, clazzStartTime: `${day} 10:00:00`, clazzEndTime: `${day} 11:00:00`, teachers: [{ teacherId: 'tch_02', role: 1 }] });
  const busy = await add(req, baseURL!, { type: 4, title: `占用会议${stamp}`, clazzStartTime: `${day} 10:00:00`, clazzEndTime: `${day} 11:00:00`, teachers: [{ teacherId: 'tch_03', role: 1 }] });
  await page.reload();
  await ready(page);
  await expect(event(page, moving)).toBeVisible();
  await expect(event(page, busy)).toBeVisible();

  // Onto 王海涛's column at the same time: he is busy.
  const target = (await event(page, busy).boundingBox())!;
  await drag(page, event(page, moving), { x: target.x + target.width / 2, y: target.y + 12 });
  const conflict = page.getByTestId('cal-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('cal-conflict-item').first()).toContainText('王海涛');
  await expect(conflict).toContainText(`占用会议${stamp}`);
  await page.getByTestId('cal-conflict-close').click();
  // The next drag must start on the calendar, not on the closing dialog.
  await expect(conflict).toBeHidden();
  await expect(event(page, moving)).toBeVisible();

  // Down to the afternoon in 周明's own column: free.
  const label = page.locator('.rbc-time-gutter .rbc-label', { hasText: '14:00' }).first();
  const at = (await label.boundingBox())!;
  const own = (await event(page, moving).boundingBox())!;
  await drag(page, event(page, moving), { x: own.x + own.width / 2, y: at.y + 12 });
  await expect(page.getByText('已调整')).toBeVisible();
  await page.reload();
  await ready(page);
  await event(page, moving).click();
  const detail = page.getByTestId('cal-detail');
  // Moved into the early afternoon (where exactly depends on the grab point), and logged.
  await expect(detail).toContainText(new RegExp(`时间${day} 1[2-5]:\\d\\d–1[3-6]:\\d\\d`));
  await expect(detail).toContainText(`时间 ${day.slice(5)} 10:00-11:00 →`);
  await expect(detail).toContainText('周明');
});

test('点名 a session: the student’s remaining hours drop by the lesson’s hours', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await ready(page);
  const req = page.context().request;
  // A session of 初一数学A班 (clz_01) early yesterday morning, outside its weekly slots.
  const day = new Date(Date.now() + 8 * 3600_000 - 86400_000).toISOString().slice(0, 10);
  const id = await add(req, baseURL!, { type: 0, clazzId: 'clz_01', clazzStartTime: `${day} 06:00:00`, clazzEndTime: `${day} 07:30:00`, teachers: [{ teacherId: 'tch_01', role: 1 }] });
  const roll = (await (await req.get(`/jeecg-boot/calendar/lessonStudent/list?calendarId=${id}`)).json()) as { result: { studentId: string; studentName: string; remainHours: number | null }[] };
  const student = roll.result.find((r) => r.remainHours != null)!;
  const hours = 2; // 初一数学培优: 2 hours a lesson

  await page.goto(`/calpanel/CalendarPanel?view=day&date=${day}&clazzId=clz_01`);
  await ready(page);
  await event(page, id).click();
  const detail = page.getByTestId('cal-detail');
  await detail.getByRole('tab', { name: '点名' }).click();
  const row = detail.locator('tr', { hasText: student.studentName });
  await expect(row).toContainText(String(student.remainHours));
  await detail.getByTestId('roll-submit').click();
  await expect(page.getByText(/点名成功/).first()).toBeVisible();
  await expect(row).toContainText(String(student.remainHours! - hours));
  await expect(row).toContainText('到课');
});

import { expect, test } from '@playwright/test';
import { bffApi, bffGet, mobileFrom, runStamp, signIn } from './support';
import { clickUntil, findRow, rowOf } from './list-helpers';

/**
 * A brochure lead from sign-up to student (issue #39 items 1 and 8): a parent (刘妈妈) signs up on a published brochure
 * naming her child (刘小乐); marketing reads what she wrote in the 线索池's 详情 and claims the lead there, books a
 * 试听 (the intended course's sessions first, the child's name offered), converts it, and 学员管理 shows the child as
 * the student with the parent as 监护人. The brochure itself is set up through the API (prospectus.spec.ts composes one).
 */

test.use({ actionTimeout: 15_000 });

const stamp = runStamp();
const PARENT = `刘妈妈${stamp}`;
const CHILD = `刘小乐${stamp}`;
const MESSAGE = `周末能试听吗${stamp}`;
// A mobile number nobody else has: 136 + 8 digits from the stamp.
const PHONE = mobileFrom('136', stamp);


test('a parent signs up with her child, marketing claims from 详情, books a 试听 and converts: the child is the student', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, 'marketing', '/crm/pool');

  // ---- set-up: a published brochure offering a course that has a session with room in the next two weeks.
  type Session = { id: string; courseId: string | null; courseName: string | null; full: boolean };
  const { records } = await bffGet<{ records: Session[] }>(page, '/crm/tblLead/trialSessions?pageNo=1&pageSize=50&days=14');
  const open = records.find((s) => s.courseId && !s.full);
  expect(open, 'a session with room in the next two weeks').toBeTruthy();
  const brochure = await bffApi<{ id: string }>(page.context().request, 'POST', '/edu/prospectus/add', {
    title: `试听招生${stamp}`,
    template: 'prospectus',
    blocks: [{ type: 'courses', title: '课程', items: [{ courseId: open!.courseId, price: null, note: '' }] }],
  });
  const { url } = await bffApi<{ url: string }>(page.context().request, 'POST', '/edu/prospectus/publish', { id: brochure.id });

  // ---- the parent signs up on the public page, naming her child.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(url);
  const form = visitor.locator('[data-testid="brochure-signup"][data-hydrated="1"]');
  await expect(form).toBeVisible();
  await form.getByTestId('signup-name').fill(PARENT);
  await form.getByTestId('signup-phone').fill(PHONE);
  await form.getByTestId('signup-child-name').fill(CHILD);
  await form.getByTestId('signup-age').fill('7');
  await form.getByTestId('signup-course').selectOption(open!.courseId!);
  await form.getByTestId('signup-remark').fill(MESSAGE);
  await form.getByTestId('signup-submit').click();
  await expect(visitor.getByTestId('signup-success')).toBeVisible();
  await visitor.context().close();

  // ---- marketing reads the lead's 详情 in the pool (what the parent wrote, no form) and claims it there.
  const poolRow = await findRow(page, PARENT);
  const id = await poolRow.getAttribute('data-row-key');
  await clickUntil(poolRow.getByTestId(`row-detail-${id}`), page.getByTestId('pool-detail'));
  const detail = page.getByTestId('pool-detail');
  for (const t of [MESSAGE, CHILD, '7岁', `试听招生${stamp}`]) await expect(detail).toContainText(t);
  await expect(detail.locator('input, textarea')).toHaveCount(0);
  await page.getByTestId('pool-detail-claim').click();
  await page.getByTestId('pool-detail-claim-ok').click();
  await expect(detail).toBeHidden();
  await expect(rowOf(page, PARENT)).toHaveCount(0);

  // ---- 预约试听: the child's name is offered, the intended course's sessions come first.
  await page.goto('/crm/lead');
  const mine = await findRow(page, PARENT);
  await clickUntil(mine.getByTestId(`lead-more-${id}`), page.getByTestId(`lead-trial-${id}`));
  await page.getByTestId(`lead-trial-${id}`).click();
  const trial = page.getByTestId('lead-trial-modal');
  await expect(trial.getByTestId('lead-trial-student-name')).toHaveValue(CHILD);
  const first = trial.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect(first).toHaveAttribute('data-intended', '1');
  await expect(first).toContainText('意向课程');
  await trial.locator('tr[data-intended="1"]:not(:has(.ant-radio-wrapper-disabled))').first().click();
  await page.getByTestId('lead-trial-ok').click();
  await expect(trial).toBeHidden();

  // ---- 转化 with the child's name (offered again): the trial's student is used.
  await clickUntil(rowOf(page, PARENT).getByTestId(`lead-more-${id}`), page.getByTestId(`lead-convert-${id}`));
  await page.getByTestId(`lead-convert-${id}`).click();
  const convert = page.getByTestId('lead-convert-modal');
  await expect(convert.getByTestId('lead-convert-student-name').locator('xpath=descendant-or-self::input').first()).toHaveValue(CHILD);
  await convert.getByTestId('lead-convert-course').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first().click();
  await convert.getByTestId('lead-convert-buy').fill('10');
  await page.getByTestId('lead-convert-ok').click();
  await expect(page.getByText(`已使用试听时建立的学员（${CHILD}）`)).toBeVisible();
  await expect(convert).toBeHidden();

  // ---- 学员管理: the child is the student, the parent its 监护人.
  await page.goto('/edu/student');
  const student = await findRow(page, CHILD);
  await expect(student).toContainText(PARENT);
  await expect(rowOf(page, PARENT)).toHaveCount(1);
});

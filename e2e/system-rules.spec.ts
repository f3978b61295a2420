import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { type Envelope, runStamp, signIn } from './support';

/**
 * 数据权限规则 (issue #24), as an administrator sets one up: in 菜单管理 a rule "only my own students" on 学员管理,
 * chosen for the 教师 role in 角色管理's 授权 (数据规则 of that menu), in place of the seeded 所教班级的学员; a teacher
 * then sees only the students it owns, and a query parameter naming another owner finds nothing.
 *
 * Setup that is not the story goes through the API: two students made by admin and handed to teacher2 (工作交接,
 * scope 学员). The teacher role's rules are put back at the end, so later journeys see the seeded ones.
 */

test.use({ actionTimeout: 15_000 });

const stamp = runStamp();
const RULE = `只看自己的学员${stamp}`;
const MINE = [`E2E规则甲${stamp}`, `E2E规则乙${stamp}`];
const TAUGHT_RULE = 'dr_teacher_taught_students';


async function call<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.context().request.fetch(`/jeecg-boot${path}`, { method, headers: { origin }, ...(body === undefined ? {} : { data: body }) });
  return (await res.json()) as Envelope<T>;
}
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const json = await call<T>(page, method, path, body);
  expect(json.success, `${method} ${path}: ${json.message}`).toBe(true);
  return json.result;
}

async function personAt(browser: Browser, username: string, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, username, path);
  return page;
}

/** Clicks until `shows` is visible: a click landing before the page has hydrated does nothing. */
async function clickUntil(target: Locator, shows: Locator) {
  await expect(async () => {
    await target.click({ timeout: 5_000 });
    await expect(shows).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(text, { exact: true });

test('a data rule "only my own students" for the teacher role: the teacher sees its own students and cannot widen it', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await personAt(browser, 'admin', '/isystem/permission');

  // ---- setup: two students of teacher2's (made by admin, handed over with scope 学员 only).
  for (const name of MINE) await api(admin, 'POST', '/edu/tblStudent/add', { name, phone: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, studentType: 1, status: 1 });
  await api(admin, 'POST', '/edu/handover/add', { fromUser: 'u_admin', toUser: 'u_teacher2', scopes: ['student'], reason: 'E2E 数据规则' });
  const before = await api<{ drChecked?: string }>(admin, 'GET', '/sys/role/datarule/perm_edu_student/role_teacher');

  try {
    // ---- 菜单管理 → 学员管理 → 数据规则 → 新增: 所属人 = #{sys_user_id}.
    await clickUntil(admin.getByTestId('perm-expand-all'), admin.locator('tr[data-row-key="perm_edu_student"]'));
    await admin.locator('tr[data-row-key="perm_edu_student"]').getByTestId('perm-rule').click();
    const drawer = admin.getByTestId('rule-drawer');
    await clickUntil(drawer.getByTestId('rule-add'), admin.locator('#dataRule_ruleName'));
    await admin.locator('#dataRule_ruleName').fill(RULE);
    // The field list is long and virtualised: search it.
    const column = admin.locator('.ant-form-item').filter({ hasText: '规则字段' });
    await expect(async () => {
      await admin.locator('#dataRule_ruleColumn').click();
      await admin.locator('#dataRule_ruleColumn').fill('所属人');
      await expect(option(admin, '所属人（ownBy）')).toBeVisible({ timeout: 3_000 });
      await admin.keyboard.press('Enter');
      await expect(column.locator('.ant-select-content, .ant-select-selection-item').first()).toContainText('所属人', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await admin.locator('#dataRule_ruleValue').fill('#{sys_user_id}');
    await admin.getByTestId('rule-form-submit').click();
    await expect(drawer).toContainText(RULE);
    const rules = await api<{ id: string; ruleName: string }[]>(admin, 'GET', '/sys/permission/getPermRuleListByPermId?permissionId=perm_edu_student');
    const ruleId = rules.find((r) => r.ruleName === RULE)!.id;

    // ---- 角色管理 → 教师 → 授权 → 学员管理's 数据规则: this rule instead of 所教班级的学员.
    await admin.goto('/isystem/role');
    await clickUntil(admin.getByTestId('role-grant-role_teacher'), admin.getByTestId('role-permission-tree'));
    const link = admin.getByTestId('role-datarule-perm_edu_student');
    await expect(async () => {
      if (!(await link.isVisible())) await admin.getByTestId('role-permission-tree').getByText('教育', { exact: true }).first().click();
      await expect(link).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await link.click();
    const panel = admin.getByTestId('datarule-panel');
    await expect(panel.getByText(RULE)).toBeVisible();
    await admin.getByTestId(`datarule-check-${ruleId}`).check();
    await admin.getByTestId(`datarule-check-${TAUGHT_RULE}`).uncheck();
    await admin.getByTestId('datarule-save').click();
    await expect(admin.getByText('保存成功!')).toBeVisible();

    // ---- teacher2 sees its own students only.
    const teacher = await personAt(browser, 'teacher2', '/edu/student');
    const list = teacher.getByTestId('list-page').filter({ visible: true });
    const rows = list.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.filter({ hasText: MINE[0]! })).toHaveCount(1);
    await expect(rows.filter({ hasText: MINE[1]! })).toHaveCount(1);
    const { total } = await api<{ total: number }>(teacher, 'GET', '/edu/tblStudent/list?pageNo=1&pageSize=1');
    const mine = await api<{ total: number }>(admin, 'GET', '/edu/tblStudent/list?pageNo=1&pageSize=1&ownBy=u_teacher2');
    expect(total).toBe(mine.total);
    for (const cell of await rows.all()) await expect(cell).toContainText('周明');

    // ---- and cannot widen it: another owner's students by a query parameter, or by 高级查询.
    expect((await api<{ total: number }>(teacher, 'GET', '/edu/tblStudent/list?pageNo=1&pageSize=1&ownBy=u_marketing')).total).toBe(0);
    const widen = encodeURIComponent(JSON.stringify([{ field: 'ownBy', rule: 'eq', val: 'u_marketing' }]));
    expect((await api<{ total: number }>(teacher, 'GET', `/edu/tblStudent/list?pageNo=1&pageSize=1&superQueryMatchType=or&superQueryParams=${widen}`)).total).toBe(0);
  } finally {
    await api(admin, 'POST', '/sys/role/datarule', { permissionId: 'perm_edu_student', roleId: 'role_teacher', dataRuleIds: before.drChecked ?? TAUGHT_RULE });
  }
});

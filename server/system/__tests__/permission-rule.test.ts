/** @jest-environment node */
// The server's side of the shared permission table (lib/permissions/rule-cases.ts; the client's side is
// lib/permissions/rule-cases.test.ts): each case's rows are stored in sys_permission, the held ones linked to
// the teacher's role, and the teacher asks a route guarded by requirePerm for the case's code.
import { ALL_PERMISSION_CODES, onlineFormCodes, onlineReportCodes, PERMS } from '../../../lib/permissions/codes';
import { RULE_CASES, type RuleCase } from '../../../lib/permissions/rule-cases';
import { linkId } from '../../core/ids';
import { loadUserPermCodes } from '../../auth/users';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';

/** GET /sys/log/list is guarded by requirePerm(system:log:list) and nothing else; the teacher does not hold it. */
const CODE = PERMS.log.list;
const ROUTE = '/sys/log/list?pageNo=1&pageSize=1';
const ROLE = 'role_teacher';
const USER = 'u_teacher';

let be: TestBackend;
let token: string;

beforeAll(async () => {
  be = await startTestBackend();
  token = await be.login('teacher');
  // Only the cases' rows name the code from here on.
  await be.db.updateTable('sys_permission').set({ del_flag: 1 }).where('perms', '=', CODE).execute();
});
afterAll(() => be?.close());

async function store(c: RuleCase, n: number): Promise<string[]> {
  const ids = c.rows.map((_, i) => `rulecase_${n}_${i}`);
  for (const [i, r] of c.rows.entries()) {
    await be.db
      .insertInto('sys_permission')
      .values({
        id: ids[i],
        parent_id: 'perm_isystem_log',
        name: `规则用例${n}-${i}`,
        url: r.menuType === 1 ? `/rule-case/${n}/${i}` : null,
        component: r.menuType === 1 ? 'system/LogList' : null,
        menu_type: r.menuType ?? 2,
        perms: r.perms.replace(/\$/g, CODE),
        perms_type: r.type ?? '1',
        status: r.status ?? '1',
        del_flag: r.deleted ? 1 : 0,
        sort_no: 900 + i,
        icon: null,
        create_by: 'test',
        update_by: null,
        update_time: null,
      })
      .execute();
    if (r.held) await be.db.insertInto('sys_role_permission').values({ id: linkId(ROLE, ids[i]), role_id: ROLE, permission_id: ids[i] }).execute();
  }
  return ids;
}

async function remove(ids: string[]) {
  await be.db.deleteFrom('sys_role_permission').where('permission_id', 'in', ids).execute();
  await be.db.deleteFrom('sys_permission').where('id', 'in', ids).execute();
}

describe('the catalogue', () => {
  it('names every code the seed stores (lib/permissions/codes.ts is the one place codes are spelled)', async () => {
    const rows = await be.db.selectFrom('sys_permission').select('perms').where('perms', 'is not', null).execute();
    const stored = [...new Set(rows.flatMap((r) => (r.perms ?? '').split(',').map((c) => c.trim()).filter(Boolean)))];
    expect(stored.length).toBeGreaterThan(100);
    // Codes of forms and reports made in 在线开发 (the demo's two) come from the catalogue's helpers, not its list.
    const codesOf = (group: Record<string, string>) => Object.entries(group).filter(([k]) => k !== 'prefix').map(([, v]) => v);
    const online = new Set([...codesOf(onlineFormCodes('textbook_receive')), ...codesOf(onlineReportCodes('campus_consume_month'))]);
    expect(stored.filter((c) => !ALL_PERMISSION_CODES.includes(c) && !online.has(c))).toEqual([]);
    expect(stored.filter((c) => online.has(c)).sort()).toEqual([...online].sort());
  });
});

describe('the permission rule on the shared table, server side', () => {
  it.each(RULE_CASES.map((c, n) => [c.name, c, n] as const))('%s', async (_name, c, n) => {
    const ids = await store(c, n);
    try {
      const r = await be.call(ROUTE, { token });
      if (c.granted) expect(r.body).toMatchObject({ success: true, code: 200 });
      else expect(r.body).toMatchObject({ success: false, code: 510 });
      // The facts the route read, loaded again: the same answer.
      expect((await loadUserPermCodes(be.db, USER)).has(CODE)).toBe(c.granted);
    } finally {
      await remove(ids);
    }
  });

  it('"keep your own rights" guards count only what the user holds through a role, not a rule switched off', async () => {
    const ids = await store({ name: 'off', rows: [{ perms: '$', status: '0' }], granted: true, mode: 'show' }, 99);
    try {
      const perms = await loadUserPermCodes(be.db, USER);
      expect(perms.has(CODE)).toBe(true);
      expect(perms.holds(CODE)).toBe(false);
    } finally {
      await remove(ids);
    }
  });
});

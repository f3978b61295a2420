/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { sha256 } from '../../core/ids';
import { escapeLike } from '../../db/like';
import { parseDateBoundGmt8 } from '../../core/format';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

const sid = (token: string) => sha256(token).slice(0, 12);
const alive = async (token: string) => (await be.call('/sys/user/getCurrentUserDeparts', { token })).status === 200;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface OnlineRecord {
  tokenHash: string;
  username: string;
  realname: string;
  clientIp: string;
  loginType: string;
  loginTime: string;
  lastSeen: string;
  current: boolean;
}
interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
  pages: number;
}

/** Every test starts from no live session, so counts are exact. */
const endAllSessions = () => be.db.updateTable('sys_user_session').set({ revoked_at: new Date(), revoke_reason: 'test' }).where('revoked_at', 'is', null).execute();

describe('GET /sys/online/list', () => {
  beforeEach(endAllSessions);
  const list = async (token: string, query = '') => {
    const r = await be.call(`/sys/online/list${query}`, { token });
    return r;
  };

  it('needs system:online:list: admin only among the demo roles (issue #21), teacher, marketing and academic 510', async () => {
    for (const username of ['teacher', 'marketing', 'jiaowu']) {
      const r = await list(await be.login(username));
      expect(r.body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    expect((await list(await be.login('admin'))).body).toMatchObject({ success: true, code: 200 });
  });

  it('lists live sessions with a 12-char id, the user, address, login type and times; marks the caller’s own', async () => {
    const admin = await be.login('admin');
    const adminElsewhere = await be.call('/sys/login', { method: 'POST', json: { username: 'admin', password: 'jiaowu2026' }, ip: '10.0.0.9' });
    const other = (adminElsewhere.body.result as { token: string }).token;
    const teacher = await be.login('teacher');
    const r = await list(admin);
    const page = r.body.result as Page<OnlineRecord>;
    expect(page).toMatchObject({ total: 3, current: 1, size: 10, pages: 1 });
    const byId = new Map(page.records.map((x) => [x.tokenHash, x]));
    expect([...byId.keys()].sort()).toEqual([sid(admin), sid(other), sid(teacher)].sort());
    expect(byId.get(sid(admin))).toMatchObject({ username: 'admin', realname: '管理员', clientIp: '10.0.0.1', loginType: 'password', current: true });
    expect(byId.get(sid(other))).toMatchObject({ username: 'admin', clientIp: '10.0.0.9', current: false });
    expect(byId.get(sid(teacher))).toMatchObject({ username: 'teacher', realname: '李文静', current: false });
    for (const rec of page.records) {
      expect(rec.tokenHash).toMatch(/^[0-9a-f]{12}$/);
      expect(rec.loginTime).toMatch(DATETIME);
      expect(rec.lastSeen).toMatch(DATETIME);
    }
    // Neither a token nor a whole hash leaves the server.
    const text = JSON.stringify(r.body);
    for (const t of [admin, other, teacher]) {
      expect(text).not.toContain(t);
      expect(text).not.toContain(sha256(t));
    }
  });

  it('leaves out logged-out, expired and frozen users’ sessions', async () => {
    const admin = await be.login('admin');
    const loggedOut = await be.login('teacher');
    await be.call('/sys/logout', { method: 'POST', token: loggedOut });
    const expired = await be.login('teacher2');
    await be.db.updateTable('sys_user_session').set({ expires_at: new Date(Date.now() - 1000) }).where('token_hash', '=', sha256(expired)).execute();
    const frozen = await be.login('marketing');
    // Frozen directly in the database: the session row itself is still unrevoked.
    await be.db.updateTable('sys_user').set({ status: 2 }).where('username', '=', 'marketing').execute();
    try {
      const page = (await list(admin)).body.result as Page<OnlineRecord>;
      expect(page.records.map((x) => x.tokenHash)).toEqual([sid(admin)]);
      expect(page.total).toBe(1);
      // Left out because the user is frozen, not because the row was ended.
      const row = await be.db.selectFrom('sys_user_session').select('revoked_at').where('token_hash', '=', sha256(frozen)).executeTakeFirstOrThrow();
      expect(row.revoked_at).toBeNull();
    } finally {
      await be.db.updateTable('sys_user').set({ status: 1 }).where('username', '=', 'marketing').execute();
    }
  });

  it('orders newest login first', async () => {
    const tokens = [await be.login('teacher'), await be.login('teacher2'), await be.login('admin')];
    // Distinct, known login times: teacher2 newest, then admin, then teacher.
    const times = ['2026-01-01T01:00:00Z', '2026-01-01T03:00:00Z', '2026-01-01T02:00:00Z'];
    for (let i = 0; i < 3; i++) await be.db.updateTable('sys_user_session').set({ create_time: new Date(times[i]) }).where('token_hash', '=', sha256(tokens[i])).execute();
    const page = (await list(tokens[2])).body.result as Page<OnlineRecord>;
    expect(page.records.map((x) => x.username)).toEqual(['teacher2', 'admin', 'teacher']);
    expect(page.records[1].loginTime).toBe('2026-01-01 10:00:00');
  });

  it('filters by username (contains; LIKE characters are literal)', async () => {
    const admin = await be.login('admin');
    await be.login('teacher');
    await be.login('teacher2');
    await be.login('marketing');
    const teach = (await list(admin, '?username=teach')).body.result as Page<OnlineRecord>;
    expect(teach.records.map((x) => x.username).sort()).toEqual(['teacher', 'teacher2']);
    expect(teach.total).toBe(2);
    for (const q of ['%25', '_', 'teach_r']) {
      expect(((await list(admin, `?username=${q}`)).body.result as Page<OnlineRecord>).total).toBe(0);
    }
  });

  it('pages with pageNo/pageSize: defaults 10, at most 200, garbage falls back', async () => {
    const admin = await be.login('admin');
    for (let i = 0; i < 4; i++) await be.login('teacher');
    const p2 = (await list(admin, '?pageNo=2&pageSize=2')).body.result as Page<OnlineRecord>;
    expect(p2).toMatchObject({ total: 5, current: 2, size: 2, pages: 3 });
    expect(p2.records).toHaveLength(2);
    const p3 = (await list(admin, '?pageNo=3&pageSize=2')).body.result as Page<OnlineRecord>;
    expect(p3.records).toHaveLength(1);
    const all = [...((await list(admin, '?pageNo=1&pageSize=2')).body.result as Page<OnlineRecord>).records, ...p2.records, ...p3.records];
    expect(new Set(all.map((x) => x.tokenHash)).size).toBe(5);
    expect(((await list(admin, '?pageSize=abc&pageNo=-1')).body.result as Page<OnlineRecord>)).toMatchObject({ current: 1, size: 10 });
    expect(((await list(admin, '?pageSize=100000')).body.result as Page<OnlineRecord>).size).toBe(200);
  });
});

describe('POST /sys/online/forceLogout', () => {
  beforeEach(endAllSessions);
  const kick = (token: string, json: unknown) => be.call('/sys/online/forceLogout', { method: 'POST', token, json });

  it('{sessionId} ends exactly that session', async () => {
    const admin = await be.login('admin');
    const t1 = await be.login('teacher');
    const t2 = await be.login('teacher');
    const r = await kick(admin, { sessionId: sid(t1) });
    expect(r.body).toMatchObject({ success: true, message: '强制退出成功！', result: { sessions: 1 } });
    expect(await alive(t1)).toBe(false);
    expect(await alive(t2)).toBe(true);
    expect(await alive(admin)).toBe(true);
    const row = await be.db.selectFrom('sys_user_session').select('revoke_reason').where('token_hash', '=', sha256(t1)).executeTakeFirstOrThrow();
    expect(row.revoke_reason).toBe('kicked');
    // It is gone from the list.
    const page = (await be.call('/sys/online/list', { token: admin })).body.result as Page<OnlineRecord>;
    expect(page.records.map((x) => x.tokenHash)).not.toContain(sid(t1));
  });

  it('refuses to end the caller’s current session with 不能强制退出当前登录会话, but may end their other one', async () => {
    const admin = await be.login('admin');
    const adminOther = await be.login('admin');
    for (const sessionId of [sid(admin), sid(admin).toUpperCase()]) {
      expect((await kick(admin, { sessionId })).body).toMatchObject({ success: false, message: '不能强制退出当前登录会话' });
    }
    expect(await alive(admin)).toBe(true);
    expect((await kick(admin, { sessionId: sid(adminOther) })).body.success).toBe(true);
    expect(await alive(adminOther)).toBe(false);
    expect(await alive(admin)).toBe(true);
  });

  it('by username, naming oneself ends only one’s other sessions', async () => {
    const admin = await be.login('admin');
    const adminOther = await be.login('admin');
    const r = await kick(admin, { username: 'admin' });
    expect(r.body).toMatchObject({ success: true, result: { sessions: 1 } });
    expect(await alive(adminOther)).toBe(false);
    expect(await alive(admin)).toBe(true);
  });

  it('answers unknown, ended, malformed and ambiguous ids without ending anything', async () => {
    const admin = await be.login('admin');
    const teacher = await be.login('teacher');
    const ended = await be.login('teacher2');
    await be.call('/sys/logout', { method: 'POST', token: ended });
    expect((await kick(admin, { sessionId: sid(ended) })).body).toMatchObject({ success: false, message: '会话不存在或已结束' });
    const unknown = sid(teacher) === '000000000000' ? '111111111111' : '000000000000';
    expect((await kick(admin, { sessionId: unknown })).body.message).toBe('会话不存在或已结束');
    for (const sessionId of ['xyz', sid(teacher).slice(0, 11), sid(teacher) + 'a', '%%%%%%%%%%%%', '']) {
      const r = await kick(admin, { sessionId });
      expect(r.body.success).toBe(false);
    }
    expect((await kick(admin, { sessionId: '%%%%%%%%%%%%' })).body.message).toBe('会话标识格式不正确');
    expect((await kick(admin, {})).body.message).toBe('请选择用户');
    // Two live sessions sharing a 12-char prefix: neither is ended.
    const prefix = 'abcdef012345';
    for (const tail of ['a', 'b']) {
      await be.db
        .insertInto('sys_user_session')
        .values({ token_hash: (prefix + tail).padEnd(64, '0'), user_id: 'u_teacher', client_ip: null, user_agent: null, login_type: 'password', expires_at: new Date(Date.now() + 3600_000), revoked_at: null, revoke_reason: null })
        .execute();
    }
    expect((await kick(admin, { sessionId: prefix })).body).toMatchObject({ success: false, message: '会话标识不唯一，请按用户强制退出' });
    const live = await be.db.selectFrom('sys_user_session').select('token_hash').where('token_hash', 'like', `${prefix}%`).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(2);
    expect(await alive(teacher)).toBe(true);
  });

  it('needs system:online:forceLogout: a role that may list (here academic, granted for the test) may not kick', async () => {
    await be.db.insertInto('sys_role_permission').values({ id: 'rp_test_academic_online', role_id: 'role_academic', permission_id: 'perm_btn_online_list' }).onConflict((oc) => oc.doNothing()).execute();
    const academic = await be.login('jiaowu');
    expect((await be.call('/sys/online/list', { token: academic })).body).toMatchObject({ success: true });
    const teacher = await be.login('teacher');
    expect((await kick(academic, { sessionId: sid(teacher) })).body).toMatchObject({ success: false, code: 510 });
    expect((await kick(academic, { username: 'teacher' })).body).toMatchObject({ success: false, code: 510 });
    expect(await alive(teacher)).toBe(true);
  });

  it('tells revoke listeners which session ended (the hub closes its sockets)', async () => {
    const admin = await be.login('admin');
    const teacher = await be.login('teacher');
    const seen: string[][] = [];
    const off = be.sessions.onRevoke((hashes) => seen.push(hashes));
    try {
      await kick(admin, { sessionId: sid(teacher) });
    } finally {
      off();
    }
    expect(seen).toEqual([[sha256(teacher)]]);
  });
});

describe('GET /sys/log/list (login log)', () => {
  interface LogRecord {
    id: string;
    logType: number;
    logContent: string;
    userid: string | null;
    username: string | null;
    ip: string | null;
    createTime: string;
  }
  const logs = async (token: string, query: string) => be.call(`/sys/log/list?${query}`, { token });
  const page = async (token: string, query: string) => (await logs(token, query)).body.result as Page<LogRecord>;

  /** Rows in 2020 with known times (GMT+8 in the comments), apart from the live rows the tests' logins write. */
  beforeAll(async () => {
    const rows: [number, string, string][] = [
      [1, '用户名: alpha,登录成功！', '2020-03-01T00:00:00Z'], // 03-01 08:00
      [1, '用户名: beta,登录成功！', '2020-03-01T15:59:59.500Z'], // 03-01 23:59:59.5
      [1, '用户名: gamma,登录成功！', '2020-03-01T16:00:00Z'], // 03-02 00:00
      [2, '用户名: alpha,删除了 100% 的_数据', '2020-03-01T12:00:00Z'], // 03-01 20:00, an operation
      [1, '用户名: delta,退出成功！', '2020-02-29T15:59:59Z'], // 02-29 23:59:59
    ];
    for (const [log_type, log_content, at] of rows) {
      await be.db.insertInto('sys_log').values({ log_type, log_content, userid: null, username: null, ip: '10.1.1.1', create_time: new Date(at) }).execute();
    }
  });

  it('needs system:log:list: admin only; teacher, academic and marketing (every user’s sign-ins and IPs, issue #21) 510', async () => {
    for (const username of ['teacher', 'jiaowu', 'marketing']) {
      expect((await logs(await be.login(username), 'logType=1')).body).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    expect((await logs(await be.login('admin'), 'logType=1')).body).toMatchObject({ success: true, code: 200 });
  });

  it('pages newest first with createTime as yyyy-MM-dd HH:mm:ss (GMT+8), filtered by logType', async () => {
    const admin = await be.login('admin');
    const p = await page(admin, 'logType=1&createTime_begin=2020-01-01&createTime_end=2020-12-31');
    expect(p).toMatchObject({ total: 4, current: 1, size: 10, pages: 1 });
    expect(p.records.map((r) => r.createTime)).toEqual(['2020-03-02 00:00:00', '2020-03-01 23:59:59', '2020-03-01 08:00:00', '2020-02-29 23:59:59']);
    expect(p.records[0]).toMatchObject({ logType: 1, logContent: '用户名: gamma,登录成功！', ip: '10.1.1.1' });
    expect(typeof p.records[0].id).toBe('string');
    const ops = await page(admin, 'logType=2&createTime_begin=2020-01-01&createTime_end=2020-12-31');
    expect(ops.records.map((r) => r.logContent)).toEqual(['用户名: alpha,删除了 100% 的_数据']);
    // Without logType: the login logs only (operation logs need system:opLog:list, issue #24).
    const unspecified = await page(admin, 'createTime_begin=2020-01-01&createTime_end=2020-12-31');
    expect(unspecified.total).toBe(4);
    const second = await page(admin, 'logType=1&createTime_begin=2020-01-01&createTime_end=2020-12-31&pageNo=2&pageSize=3');
    expect(second).toMatchObject({ total: 4, current: 2, size: 3, pages: 2 });
    expect(second.records.map((r) => r.createTime)).toEqual(['2020-02-29 23:59:59']);
  });

  it('date bounds: a bare end date includes its whole last second, a bare begin date starts at 00:00:00 GMT+8', async () => {
    const admin = await be.login('admin');
    const day = await page(admin, 'logType=1&createTime_begin=2020-03-01&createTime_end=2020-03-01');
    expect(day.records.map((r) => r.logContent)).toEqual(['用户名: beta,登录成功！', '用户名: alpha,登录成功！']);
    const timed = await page(admin, `logType=1&createTime_begin=${encodeURIComponent('2020-03-01 08:00:00')}&createTime_end=${encodeURIComponent('2020-03-01 08:00:00')}`);
    expect(timed.records.map((r) => r.logContent)).toEqual(['用户名: alpha,登录成功！']);
    const fromNoon = await page(admin, `logType=1&createTime_begin=${encodeURIComponent('2020-03-01 08:00:01')}&createTime_end=2020-03-02`);
    expect(fromNoon.records.map((r) => r.logContent)).toEqual(['用户名: gamma,登录成功！', '用户名: beta,登录成功！']);
  });

  it('keyWord searches the content; LIKE characters match literally', async () => {
    const admin = await be.login('admin');
    const range = 'createTime_begin=2020-01-01&createTime_end=2020-12-31';
    // The login log (no logType: type 1 only); the operation log's own route reads keyWord the same way.
    expect((await page(admin, `${range}&keyWord=alpha`)).total).toBe(1);
    expect((await page(admin, `${range}&keyWord=${encodeURIComponent('退出')}`)).records.map((r) => r.logContent)).toEqual(['用户名: delta,退出成功！']);
    const ops = `logType=2&${range}`;
    expect((await page(admin, `${ops}&keyWord=alpha`)).total).toBe(1);
    expect((await page(admin, `${ops}&keyWord=${encodeURIComponent('100%')}`)).total).toBe(1);
    expect((await page(admin, `${ops}&keyWord=${encodeURIComponent('%')}`)).total).toBe(1);
    expect((await page(admin, `${ops}&keyWord=_`)).total).toBe(1);
    expect((await page(admin, `${range}&keyWord=ALPHA`)).total).toBe(1);
    expect((await page(admin, `${ops}&keyWord=ALPHA`)).total).toBe(1);
  });

  it('refuses malformed parameters instead of ignoring them', async () => {
    const admin = await be.login('admin');
    for (const q of ['createTime_begin=2020-02-30', 'createTime_end=yesterday', `createTime_begin=${encodeURIComponent('2020-03-01 24:00:00')}`, "createTime_end=2020-03-01'"]) {
      expect((await logs(admin, q)).body).toMatchObject({ success: false, message: '日期格式不正确' });
    }
    for (const q of ['logType=3', 'logType=1%20or%201=1']) expect((await logs(admin, q)).body).toMatchObject({ success: false, message: '日志类型不正确' });
  });

  it('login and logout both write a type-1 row with the user and address', async () => {
    const token = await be.call('/sys/login', { method: 'POST', json: { username: 'teacher2', password: 'jiaowu2026' }, ip: '10.2.3.4' });
    const t = (token.body.result as { token: string }).token;
    const out = await be.call('/sys/logout', { method: 'POST', token: t, ip: '10.2.3.5' });
    expect(out.body.message).toBe('退出登录成功！');
    const admin = await be.login('admin');
    const p = await page(admin, `logType=1&keyWord=teacher2`);
    expect(p.records[0]).toMatchObject({ logType: 1, logContent: '用户名: teacher2,退出成功！', userid: 'u_teacher2', username: 'teacher2', ip: '10.2.3.5' });
    expect(p.records[0].createTime).toMatch(DATETIME);
    expect(p.records[1]).toMatchObject({ logContent: '用户名: teacher2,登录成功！', ip: '10.2.3.4' });
    // A failed logout writes nothing.
    const before = await be.db.selectFrom('sys_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    await be.call('/sys/logout', { method: 'POST', token: t });
    await be.call('/sys/logout', { method: 'POST', token: 'not-a-token' });
    const after = await be.db.selectFrom('sys_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('helpers', () => {
  it('parseDateBoundGmt8', () => {
    expect(parseDateBoundGmt8('2020-03-01', 'begin')?.toISOString()).toBe('2020-02-29T16:00:00.000Z');
    expect(parseDateBoundGmt8('2020-03-01', 'end')?.toISOString()).toBe('2020-03-01T16:00:00.000Z');
    expect(parseDateBoundGmt8('2020-03-01 08:00:00', 'begin')?.toISOString()).toBe('2020-03-01T00:00:00.000Z');
    expect(parseDateBoundGmt8('2020-03-01 08:00:00', 'end')?.toISOString()).toBe('2020-03-01T00:00:01.000Z');
    for (const bad of ['2021-02-29', '2020-13-01', '2020-1-1', '2020-03-01 23:60:00', '', 'x']) expect(parseDateBoundGmt8(bad, 'begin')).toBeNull();
  });
  it('escapeLike', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });
});

/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { SESSION_COOKIE, sealSession } from '../../lib/server/session-cookie';
import { attachBackendSockets } from '../backend-sockets';
import { startTestBackend, type TestBackend } from './helpers';

/*
 * Issue 20 A.5 / A.7: calls of JeecgBoot's stock Vue 2 client (v3.4.0) in the shape it sends them —
 * dictItemCheck, the tenant and position reads, syncNotic, the announcement page, and the notification
 * websocket on the backend tier with the token as subprotocol.
 */

const SECRET = 'contract-misc-session-secret-0123456789';
const BASE = '/jeecg-boot';

let be: TestBackend;
let admin: string;
let teacher: string;
let server: http.Server;
let sockets: Awaited<ReturnType<typeof attachBackendSockets>>;
let wsBase: string;

beforeAll(async () => {
  be = await startTestBackend();
  [admin, teacher] = await Promise.all([be.login('admin'), be.login('teacher')]);
  // The backend tier's HTTP server with its sockets, as server/standalone.ts wires them.
  server = http.createServer((_req, res) => res.end());
  sockets = await attachBackendSockets(server, be, { basePath: BASE, sessionSecret: SECRET });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  wsBase = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sockets.close();
  await new Promise((r) => server.close(r));
  await be.close();
});

/** getAction: GET with `_t` (epoch seconds), as JeecgBoot's client adds it. */
const getAction = (path: string, token: string) => be.call(`${path}${path.includes('?') ? '&' : '?'}_t=${Math.floor(Date.now() / 1000)}`, { token });

// ---------------------------------------------------------------- dictItemCheck

describe('GET /sys/dictItem/dictItemCheck (DictItemModal.validateItemValue)', () => {
  it('a value already in the dictionary is refused; a new one, the edited item itself and another dictionary are free', async () => {
    const male = await be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', 'dict_sex').where('item_value', '=', '1').executeTakeFirstOrThrow();
    expect((await getAction('/sys/dictItem/dictItemCheck?itemValue=1&dictId=dict_sex', admin)).body).toMatchObject({
      success: false,
      code: 500,
      message: '该值不可用，系统中已存在！',
    });
    expect((await getAction('/sys/dictItem/dictItemCheck?itemValue=9&dictId=dict_sex', admin)).body).toMatchObject({ success: true, message: '该值可用！', result: '该值可用！' });
    // Editing: the modal adds the item's own id.
    expect((await getAction(`/sys/dictItem/dictItemCheck?itemValue=1&dictId=dict_sex&id=${male.id}`, admin)).body).toMatchObject({ success: true, message: '该值可用！' });
    const other = await be.db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'priority').executeTakeFirstOrThrow();
    expect((await getAction(`/sys/dictItem/dictItemCheck?itemValue=1&dictId=${other.id}`, admin)).body).toMatchObject({ success: true });
  });

  it('needs a 字典项 permission', async () => {
    expect((await getAction('/sys/dictItem/dictItemCheck?itemValue=1&dictId=dict_sex', teacher)).body).toMatchObject({ success: false, code: 510 });
    expect((await be.call('/sys/dictItem/dictItemCheck?itemValue=1&dictId=dict_sex')).status).toBe(401);
  });
});

// ---------------------------------------------------------------- tenants and positions

describe('GET /sys/tenant/queryList (UserModal.initTenantList)', () => {
  it('lists the active tenants as SysTenant, optionally by ids; frozen ones never', async () => {
    await be.db.insertInto('sys_tenant').values({ id: 20, name: '冻结分校', status: 0 }).execute();
    await be.db.insertInto('sys_tenant').values({ id: 30, name: '东区分校', status: 1, create_by: 'admin', begin_date: new Date('2026-01-01T00:00:00+08:00') }).execute();
    const r = await getAction('/sys/tenant/queryList', admin);
    expect(r.body.success).toBe(true);
    const list = r.body.result as Record<string, unknown>[];
    // 1 and 2 are the demo's tenants (server/seed/tenants.ts); 10, the demo's frozen one, is never listed.
    expect(list.map((t) => t.id)).toEqual([1, 2, 30]);
    expect(list[0]).toEqual({ id: 1, name: '星辰教育', createBy: null, createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), beginDate: null, endDate: null, status: 1 });
    expect(list[2]).toMatchObject({ name: '东区分校', createBy: 'admin', beginDate: '2026-01-01 00:00:00' });
    // The client maps them to {label: name, value: id + ''}.
    expect(((await getAction('/sys/tenant/queryList?ids=20,30,x', admin)).body.result as { id: number }[]).map((t) => t.id)).toEqual([30]);
    expect((await getAction('/sys/tenant/queryList?ids=abc', admin)).body.result).toEqual([]);
  });

  it('needs a user-management or tenant permission', async () => {
    expect((await getAction('/sys/tenant/queryList', teacher)).body).toMatchObject({ success: false, code: 510 });
  });
});

describe('GET /sys/position/list (JSelectPosition)', () => {
  beforeAll(async () => {
    const at = (s: string) => new Date(`2026-02-0${s}T09:00:00+08:00`);
    // This suite's own three positions, not the demo seed's (server/seed/positions.ts): users drop their codes.
    await be.db.updateTable('sys_user').set({ post: null }).execute();
    await be.db.deleteFrom('sys_position').execute();
    await be.db
      .insertInto('sys_position')
      .values([
        { id: 'pos_principal', code: 'principal', name: '校长', post_rank: '5', create_time: at('1'), company_id: null, sys_org_code: 'A01', create_by: 'admin', update_by: null, update_time: null },
        { id: 'pos_teacher', code: 'teacher', name: '教师', post_rank: '3', create_time: at('2'), company_id: null, sys_org_code: 'A01', create_by: 'admin', update_by: null, update_time: null },
        { id: 'pos_advisor', code: 'advisor', name: '招生顾问', post_rank: null, create_time: at('3'), company_id: null, sys_org_code: null, create_by: null, update_by: null, update_time: null },
      ])
      .execute();
  });

  it('the picker page: newest first, a MyBatis-Plus page of SysPosition with postRank_dictText', async () => {
    const r = await getAction('/sys/position/list?column=createTime&order=desc&field=id,,name,code,rank_dictText&pageNo=1&pageSize=5', admin);
    expect(r.body.success).toBe(true);
    const page = r.body.result as { records: Record<string, unknown>[]; total: number; current: number; size: number };
    expect(page).toMatchObject({ total: 3, current: 1, size: 5 });
    expect(page.records.map((p) => p.code)).toEqual(['advisor', 'teacher', 'principal']);
    expect(page.records[2]).toEqual({
      id: 'pos_principal',
      code: 'principal',
      name: '校长',
      postRank: '5',
      postRank_dictText: '正高级',
      companyId: null,
      sysOrgCode: 'A01',
      createBy: 'admin',
      createTime: '2026-02-01 09:00:00',
      updateBy: null,
      updateTime: null,
    });
  });

  it('the picker reloads chosen values with `code=a,b,` (an IN list) and searches by code', async () => {
    const chosen = await getAction('/sys/position/list?code=principal,teacher,&pageNo=1&pageSize=2', admin);
    expect((chosen.body.result as { records: { name: string }[] }).records.map((p) => p.name).sort()).toEqual(['教师', '校长']);
    const found = await getAction('/sys/position/list?code=*ach*&pageNo=1&pageSize=5', admin);
    expect((found.body.result as { records: { code: string }[] }).records.map((p) => p.code)).toEqual(['teacher']);
  });

  it('needs a user-management or position permission', async () => {
    expect((await getAction('/sys/position/list?pageNo=1&pageSize=5', teacher)).body).toMatchObject({ success: false, code: 510 });
  });
});

// ---------------------------------------------------------------- websocket, syncNotic, show

type Frame = Record<string, unknown>;
interface Client {
  ws: WebSocket;
  next(): Promise<Frame>;
}

/** `new WebSocket(url, [token])` as JeecgBoot's HeaderNotice does (or with headers, for the cookie). */
function open(path: string, protocols?: string[], headers: Record<string, string> = {}): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsBase + path, protocols, { headers });
    const queue: Frame[] = [];
    const waiters: ((f: Frame) => void)[] = [];
    ws.on('message', (d) => {
      const f = JSON.parse(d.toString()) as Frame;
      const w = waiters.shift();
      if (w) w(f);
      else queue.push(f);
    });
    ws.once('open', () =>
      resolve({
        ws,
        next: () =>
          queue.length
            ? Promise.resolve(queue.shift()!)
            : new Promise<Frame>((res, rej) => {
                const t = setTimeout(() => rej(new Error('no frame within 5 s')), 5000);
                waiters.push((f) => {
                  clearTimeout(t);
                  res(f);
                });
              }),
      }),
    );
    ws.once('error', reject);
  });
}

const refusal = (path: string, protocols?: string[], headers?: Record<string, string>) =>
  open(path, protocols, headers).then(
    (c) => {
      c.ws.close();
      return 'open';
    },
    (e: Error) => e.message,
  );

/** The next frame after everything already sent to `c`: a heartbeat is answered after earlier pushes. */
async function nothingPending(c: Client) {
  c.ws.send('HeartBeat');
  expect(await c.next()).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
}

describe('the notification websocket on the backend tier', () => {
  it('admits the token offered as subprotocol, echoes it, and answers a heartbeat', async () => {
    const c = await open(`${BASE}/websocket/u_admin`, [admin]);
    expect(c.ws.protocol).toBe(admin);
    await nothingPending(c);
    c.ws.close();
  });

  it('refuses another user’s path, a dead token and no identity; other paths are 404', async () => {
    expect(await refusal(`${BASE}/websocket/u_teacher`, [admin])).toMatch(/403/);
    expect(await refusal(`${BASE}/websocket/u_admin`, ['not-a-live-token'])).toMatch(/401/);
    expect(await refusal(`${BASE}/websocket/u_admin`)).toMatch(/401/);
    expect(await refusal(`/websocket/u_admin`, [admin])).toMatch(/404/);
  });

  it('still admits the session cookie (same origin), never a foreign Origin', async () => {
    const sealed = await sealSession({ token: teacher, userId: 'u_teacher', username: 'teacher', tenantId: 0, loginAt: Date.now() }, SECRET);
    const c = await open(`${BASE}/websocket/u_teacher`, undefined, { cookie: `${SESSION_COOKIE}=${sealed}` });
    await nothingPending(c);
    c.ws.close();
    expect(await refusal(`${BASE}/websocket/u_teacher`, undefined, { cookie: `${SESSION_COOKIE}=${sealed}`, origin: 'http://evil.example' })).toMatch(/403/);
  });

  it('closes the socket when its session ends (logout)', async () => {
    const token = await be.login('teacher2');
    const c = await open(`${BASE}/websocket/u_teacher2`, [token]);
    const closed = new Promise<number>((r) => c.ws.once('close', (code) => r(code)));
    expect((await be.call('/sys/logout', { token })).body).toMatchObject({ success: true });
    expect(await closed).toBe(4001);
  });
});

describe('sys/annountCement/syncNotic and /sys/annountCement/show/{id}', () => {
  let adminWs: Client;
  let teacherWs: Client;
  let allId: string;
  let userId: string;
  let draftId: string;

  beforeAll(async () => {
    adminWs = await open(`${BASE}/websocket/u_admin`, [admin]);
    teacherWs = await open(`${BASE}/websocket/u_teacher`, [teacher]);
    const add = async (json: Record<string, unknown>) => {
      const r = await be.call('/sys/annountCement/add', { method: 'POST', token: admin, json: { msgCategory: '1', priority: 'H', msgContent: '<p>正文</p>', ...json } });
      expect(r.body.success).toBe(true);
      return (r.body.result as { id: string }).id;
    };
    allId = await add({ titile: '全员通知', msgType: 'ALL' });
    userId = await add({ titile: '给李老师的通知', msgType: 'USER', userIds: 'u_teacher,' });
    draftId = await add({ titile: '草稿', msgType: 'ALL' });
    for (const id of [allId, userId]) expect((await getAction(`/sys/annountCement/doReleaseData?id=${id}`, admin)).body.success).toBe(true);
    // The releases' own pushes: ALL reaches both, USER only the teacher.
    expect(await adminWs.next()).toMatchObject({ cmd: 'topic', msgId: allId });
    expect(await teacherWs.next()).toMatchObject({ cmd: 'topic', msgId: allId });
    expect(await teacherWs.next()).toMatchObject({ cmd: 'user', msgId: userId });
  });

  afterAll(() => {
    adminWs.ws.close();
    teacherWs.ws.close();
  });

  it('an administrator (after 撤销) reaches the announcement’s audience, as JeecgBoot does', async () => {
    // The client's path is relative (`sys/annountCement/syncNotic`); axios puts it under the API prefix.
    const r = await getAction(`/sys/annountCement/syncNotic?anntId=${allId}`, admin);
    expect(r.body).toMatchObject({ success: true });
    expect(await adminWs.next()).toEqual({ cmd: 'topic', msgId: allId, msgTxt: '全员通知' });
    expect(await teacherWs.next()).toEqual({ cmd: 'topic', msgId: allId, msgTxt: '全员通知' });
    // A draft is not announced to anybody else.
    expect((await getAction(`/sys/annountCement/syncNotic?anntId=${draftId}`, admin)).body.success).toBe(true);
    expect(await adminWs.next()).toMatchObject({ cmd: 'user', msgId: draftId });
    await nothingPending(teacherWs);
  });

  it('a reader refreshes only their own bells: after reading one, and after 全部已读 (no id)', async () => {
    expect((await getAction(`/sys/annountCement/syncNotic?anntId=${userId}`, teacher)).body.success).toBe(true);
    expect(await teacherWs.next()).toEqual({ cmd: 'user', msgId: userId, msgTxt: '给李老师的通知' });
    expect((await getAction('/sys/annountCement/syncNotic', teacher)).body.success).toBe(true);
    expect(await teacherWs.next()).toEqual({ cmd: 'topic', msgTxt: '批量设置已读' });
    await nothingPending(adminWs);
    // Not theirs to read: no push, the same answer as an unknown id.
    expect((await getAction(`/sys/annountCement/syncNotic?anntId=${draftId}`, teacher)).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  /** The iframe of SysAnnouncementList.handleDetail: `${domianURL}/sys/annountCement/show/${id}?token=${token}`. */
  const show = (id: string, token?: string, header?: string) =>
    be.fetch(new Request(`http://backend/sys/annountCement/show/${id}${token ? `?token=${token}` : ''}`, { headers: header ? { 'X-Access-Token': header } : {} }));

  it('shows a published announcement as a page, content sanitised on display, escaped title, no script allowed', async () => {
    // Stored before today's sanitiser (or written by another tool): it must still be cleaned when shown.
    await be.db
      .updateTable('sys_announcement')
      .set({ titile: '全员通知 <i>&', msg_content: '<p onclick="steal()">正文</p><script>alert(1)</script><a href="javascript:alert(2)">链接</a><img src="/jeecg-boot/sys/common/static/a.png" onerror="x()">' })
      .where('id', '=', allId)
      .execute();
    const res = await show(allId, teacher);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(res.headers.get('content-security-policy')).not.toMatch(/script-src/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('<h2 class="rich_media_title">全员通知 &lt;i&gt;&amp;</h2>');
    expect(html).toContain('<span class="rich_media_meta priority H">紧急</span>');
    // 发布人 is the person's name, not the login name (issue #21).
    expect(html).toContain('<span class="rich_media_meta text">管理员</span>');
    expect(html).toMatch(/\d{4}年\d{2}月\d{2}日/);
    expect(html).toContain('<p>正文</p>');
    expect(html).toContain('<img src="/jeecg-boot/sys/common/static/a.png" />');
    expect(html).not.toMatch(/<script>alert|onclick|onerror|javascript:/);
  });

  it('needs a live token (header or ?token=) and shows only what the reader may read', async () => {
    const noToken = await show(allId);
    expect(noToken.status).toBe(401);
    expect(await noToken.text()).toContain('Token失效，请重新登录!');
    expect((await show(allId, 'dead-token')).status).toBe(401);
    expect((await show(userId, undefined, teacher)).status).toBe(200);
    const teacher2 = await be.login('teacher2');
    expect((await show(userId, teacher2)).status).toBe(404);
    expect((await show(draftId, teacher)).status).toBe(404);
    // The administrator previews a draft from 通告管理.
    expect((await show(draftId, admin)).status).toBe(200);
    expect((await show('no-such-id', admin)).status).toBe(404);
  });
});

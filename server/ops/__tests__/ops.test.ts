/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { hashPassword } from '../../auth/password';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { readiness } from '../health';
import { createOps } from '../http-ops';
import { createLogger } from '../logger';
import { createMetrics, metricsAccess } from '../metrics';
import { demoPasswordRefusals, settingsRefusals } from '../../production-checks';
import { noteRequestUser } from '../request-context';
import { apiTemplate, createRouteLabeler } from '../route-label';

let be: TestBackend;
let tmp: string;
beforeAll(async () => {
  be = await startTestBackend();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-ops-'));
});
let closed = false;
afterAll(async () => {
  if (!closed) await be.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const PROD: NodeJS.ProcessEnv = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db/jiaowu', SEED_DEMO: 'false', SESSION_SECRET: 'Zq3v9K_x8Lw2mN5pR7tY1uB4cD6eF0gH' };

describe('production refusals', () => {
  test('the environment: secret missing, short or a placeholder, demo seeding on; each names the setting', () => {
    expect(settingsRefusals(PROD)).toEqual([]);
    // Not a real deployment: the embedded default and development keep working as before.
    expect(settingsRefusals({ NODE_ENV: 'production' })).toEqual([]);
    expect(settingsRefusals({ ...PROD, NODE_ENV: 'development', SESSION_SECRET: undefined, SEED_DEMO: undefined })).toEqual([]);

    const missing = settingsRefusals({ ...PROD, SESSION_SECRET: undefined });
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(/^SESSION_SECRET is not set.*set SESSION_SECRET to a random string of at least 32 characters/);
    expect(settingsRefusals({ ...PROD, SESSION_SECRET: 'short-secret' })[0]).toMatch(/SESSION_SECRET is shorter than 32/);
    expect(settingsRefusals({ ...PROD, SESSION_SECRET: 'x'.repeat(40) })[0]).toMatch(/SESSION_SECRET looks like a placeholder/);
    expect(settingsRefusals({ ...PROD, SESSION_SECRET: 'changeme'.repeat(5) })[0]).toMatch(/placeholder/);
    for (const seed of [undefined, 'true', 'TRUE']) {
      expect(settingsRefusals({ ...PROD, SEED_DEMO: seed })).toEqual([expect.stringMatching(/^SEED_DEMO is on.*set SEED_DEMO=false$/)]);
    }
  });

  test('the database: active demo accounts still on the demo password are named until changed or frozen', async () => {
    expect(await demoPasswordRefusals({ NODE_ENV: 'test' }, be.db)).toEqual([]);
    const refused = await demoPasswordRefusals(PROD, be.db);
    expect(refused).toHaveLength(1);
    // The frozen demo account cannot sign in: not named.
    expect(refused[0]).toMatch(/^demo account\(s\) admin, jiaowu, marketing, marketing2, teacher, teacher2 still have the demo password jiaowu2026: change their passwords/);

    const verified: string[] = [];
    const counting = async (pw: string, hash: string) => {
      verified.push(hash);
      return (await import('../../auth/password')).verifyPassword(pw, hash);
    };
    const fresh = await hashPassword('a-new-strong-password-1');
    await be.db.updateTable('sys_user').set({ password_hash: fresh }).where('username', 'in', ['admin', 'jiaowu']).execute();
    await be.db.updateTable('sys_user').set({ status: 2 }).where('username', 'in', ['teacher', 'teacher2']).execute();
    expect(await demoPasswordRefusals(PROD, be.db, counting)).toEqual([expect.stringMatching(/^demo account\(s\) marketing, marketing2 still have/)]);
    // One scrypt per distinct hash, not per user (the seed gives the demo users one hash).
    expect(verified).toHaveLength(2);
    await be.db.updateTable('sys_user').set({ password_hash: fresh }).where('username', 'in', ['marketing', 'marketing2']).execute();
    expect(await demoPasswordRefusals(PROD, be.db)).toEqual([]);
  });
});

describe('readiness', () => {
  test('all checks pass on a live database, writable storage and a reachable upstream', async () => {
    const upstream = jest.fn(async () => new Response('not found', { status: 404 }));
    const answer = await readiness({ db: be.db, storageDir: path.join(tmp, 'upload'), upstreamUrl: 'http://legacy.invalid/jeecg-boot', fetch: upstream, draining: () => false });
    expect(answer).toEqual({ status: 200, body: { status: 'ok', checks: { shutdown: 'ok', database: 'ok', migrations: 'ok', storage: 'ok', upstream: 'ok' } } });
    // The probe file is removed again.
    expect(fs.readdirSync(path.join(tmp, 'upload'))).toEqual([]);
  });

  test('failing checks are named, with no error text, path or host', async () => {
    const blocker = path.join(tmp, 'a-file');
    fs.writeFileSync(blocker, '');
    const reasons: string[] = [];
    const answer = await readiness({
      db: be.db,
      // Root writes anywhere, so "unwritable" is a folder under a regular file (ENOTDIR).
      storageDir: path.join(blocker, 'upload'),
      upstreamUrl: 'http://legacy.internal:8080/jeecg-boot',
      fetch: async () => new Response('bad gateway', { status: 502 }),
      draining: () => true,
      onFailure: (check, e) => reasons.push(`${check}: ${(e as Error).message}`),
    });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      status: 'failing',
      checks: { shutdown: 'failing', database: 'ok', migrations: 'ok', storage: 'failing', upstream: 'failing' },
      failing: ['shutdown', 'storage', 'upstream'],
    });
    const text = JSON.stringify(answer.body);
    for (const leak of [tmp, 'legacy.internal', '502', 'ENOTDIR']) expect(text).not.toContain(leak);
    expect(reasons.join('\n')).toMatch(/storage: ENOTDIR/);

    const unreachable = await readiness({ upstreamUrl: 'http://legacy.internal/', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    expect(unreachable.body.failing).toEqual(['upstream']);
  });

  test('while the embedded engine runs a statement under its limit, the probe answers at once instead of queueing behind it', async () => {
    // Issue #38: a report's 5-second statement must not make the load balancer take the instance out.
    const stuck = { ...be.db, executeQuery: () => new Promise(() => undefined) } as unknown as typeof be.db;
    const busy = await readiness({ db: stuck, dbBusyWithinLimit: () => true, timeoutMs: 200 });
    expect(busy.body).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    // Not busy: the probe asks the database as before (this stand-in cannot answer, so the checks fail).
    const asked = await readiness({ db: stuck, dbBusyWithinLimit: () => false, timeoutMs: 200 });
    expect(asked.body.failing).toEqual(['database', 'migrations']);
  });

  test('pending migrations and a closed database fail their checks', async () => {
    await be.db.deleteFrom('kysely_migration' as never).where('name' as never, '=', '0023-course-content' as never).execute();
    expect((await readiness({ db: be.db })).body).toEqual({ status: 'failing', checks: { database: 'ok', migrations: 'failing' }, failing: ['migrations'] });
    await be.close();
    closed = true; // last use of the backend
    const answer = await readiness({ db: be.db });
    expect(answer.status).toBe(503);
    expect(answer.body.failing).toEqual(['database', 'migrations']);
  });
});

/** A server wired like server.ts: ops around every request, a stand-in for the BFF that notes a user after an await. */
async function startOpsServer(metricsToken: string | null) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      cb();
    },
  });
  const logger = createLogger({ level: 'info', destination });
  const metrics = createMetrics({ websocketClients: () => 3, pool: { totalCount: 4, idleCount: 3, waitingCount: 0 }, embedded: { cancels: 2, restarts: 1 } });
  const ops = createOps({ apiPrefix: '/jeecg-boot', logger, metrics, metricsToken, readiness: async () => ({ status: 200, body: { status: 'ok', checks: {} } }) });
  const upstream = ops.timedUpstream(async () => new Response('{}', { status: 200 }));
  const server = http.createServer((req, res) => {
    req.headers['x-jiaowu-client-ip'] = '10.1.2.3';
    const url = req.url ?? '/';
    ops.track(req, res, () => {
      if (ops.serves(url)) return ops.serve(req, res);
      void (async () => {
        await new Promise((r) => setTimeout(r, 1));
        noteRequestUser('u_admin');
        await upstream();
        res.setHeader('set-cookie', 'jw_session=sealed-secret; HttpOnly');
        res.end('{"success":true}');
      })();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, lines, close: () => new Promise((r) => server.close(r)) };
}

describe('metrics and access logs', () => {
  test('/metrics: off without METRICS_TOKEN (404), 401 without or with a wrong bearer, the text with the right one', async () => {
    const off = await startOpsServer(null);
    try {
      expect((await fetch(`${off.base}/metrics`)).status).toBe(404);
      expect((await fetch(`${off.base}/metrics`, { headers: { authorization: 'Bearer anything-at-all-here' } })).status).toBe(404);
    } finally {
      await off.close();
    }
    const token = 'metrics-token-0123456789abcdef';
    const on = await startOpsServer(token);
    try {
      await fetch(`${on.base}/jeecg-boot/sys/annountCement/show/8d1f3a2b9c4e4f0a8b7c6d5e4f3a2b1c?token=abc`);
      await fetch(`${on.base}/jeecg-boot/edu/course/queryById/8d1f3a2b9c4e4f0a8b7c6d5e4f3a2b1c`);
      expect((await fetch(`${on.base}/healthz`)).status).toBe(200);
      expect((await fetch(`${on.base}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${token}x` } });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('http_requests_total');
      const res = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('http_requests_total{method="GET",route="/jeecg-boot/sys/annountCement/show/*",status="200"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="/jeecg-boot/edu/course/queryById/:id",status="200"} 1');
      expect(text).toContain('http_requests_total{method="GET",route="/healthz",status="200"} 1');
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"\}/);
      expect(text).toContain('bff_upstream_duration_seconds_count{status="2xx"} 2');
      expect(text).toContain('websocket_clients 3');
      expect(text).toContain('db_pool_connections{state="idle"} 3');
      expect(text).toContain('embedded_db_watchdog_events{event="cancelled"} 2');
      expect(text).toContain('embedded_db_watchdog_events{event="restarted"} 1');
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
      expect(text).toMatch(/nodejs_heap_size_used_bytes \d/);
      expect(text).not.toContain('8d1f3a2b9c4e4f0a8b7c6d5e4f3a2b1c');
    } finally {
      await on.close();
    }
  });

  test('access lines carry request id, user, route, status and duration, and no password, token or cookie', async () => {
    const s = await startOpsServer(null);
    try {
      const secret = 'tok-SECRET-0001';
      const res = await fetch(`${s.base}/jeecg-boot/sys/user/list?token=${secret}&password=${secret}`, {
        method: 'POST',
        headers: { 'x-request-id': 'lb-4f2a9c', cookie: `jw_session=${secret}`, authorization: `Bearer ${secret}`, 'x-access-token': secret, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: secret }),
      });
      expect(res.headers.get('x-request-id')).toBe('lb-4f2a9c');
      // An unreasonable incoming id is replaced.
      const odd = await fetch(`${s.base}/jeecg-boot/sys/login`, { headers: { 'x-request-id': 'a b\tc'.repeat(50) } });
      expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      await fetch(`${s.base}/readyz`); // probes are counted, not logged
      await new Promise((r) => setTimeout(r, 20));

      expect(s.lines).toHaveLength(2);
      expect(s.lines[0]).toMatchObject({ level: 'info', msg: 'request', reqId: 'lb-4f2a9c', userId: 'u_admin', method: 'POST', route: '/jeecg-boot/sys/user/list', path: '/jeecg-boot/sys/user/list', status: 200, ip: '10.1.2.3' });
      expect(typeof s.lines[0].ms).toBe('number');
      expect(s.lines[1].reqId).toBe(odd.headers.get('x-request-id'));
      const all = JSON.stringify(s.lines);
      expect(all).not.toContain(secret);
      expect(all).not.toContain('sealed-secret');
    } finally {
      await s.close();
    }
  });

  test('objects logged by mistake have their secrets censored', () => {
    const out: string[] = [];
    const logger = createLogger({ destination: new Writable({ write: (c, _e, cb) => (out.push(String(c)), cb()) }) as never });
    logger.warn({ req: { headers: { cookie: 'jw_session=abc', authorization: 'Bearer abc', 'x-access-token': 'abc' } }, body: { username: 'admin', password: 'pw1' }, token: 'abc' }, 'oops');
    const line = JSON.parse(out.join(''));
    expect(line.req.headers).toEqual({ cookie: '[redacted]', authorization: '[redacted]', 'x-access-token': '[redacted]' });
    expect(line.body).toEqual({ username: 'admin', password: '[redacted]' });
    expect(line.token).toBe('[redacted]');
  });

  test('route labels stay bounded whatever paths clients invent', () => {
    expect(apiTemplate('/sys/dict/getDictItems/sys_user,realname,id')).toBe('sys/dict/getDictItems/*');
    expect(apiTemplate('/sys/thirdLogin/getLoginUser/abcdefTOKEN123/github')).toBe('sys/thirdLogin/getLoginUser/*');
    expect(apiTemplate('/edu/course/delete/42')).toBe('edu/course/delete/:id');
    const label = createRouteLabeler('/jeecg-boot', 50);
    expect(label('/dashboard/analysis')).toBe('page');
    expect(label('/_next/static/chunks/abc.js')).toBe('next');
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) seen.add(label(`/jeecg-boot/probe${String.fromCharCode(97 + (i % 26))}${i}x/list`));
    expect(seen.size).toBeLessThanOrEqual(51);
    expect(seen.has('/jeecg-boot/other')).toBe(true);
    expect(metricsAccess('Bearer abc', null)).toBe(404);
    expect(metricsAccess(undefined, 'abc')).toBe(401);
  });
});

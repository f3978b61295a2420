/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createBackend, type Backend } from '../backend';
import { startTestBackend, type TestBackend } from '../__tests__/helpers';
import { RealtimeHub, type HubClient } from './hub';
import { connectRealtime, createFanout, decodeDelivery, encodeDelivery, hubDelivery, MAX_PAYLOAD_BYTES, type Delivery, type FanoutTransport } from './pg-fanout';

/** An in-memory channel shared by several "instances", like one PostgreSQL's NOTIFY. */
function memoryBus() {
  const listeners = new Set<(p: string) => void>();
  const transport = (): FanoutTransport => {
    let mine: ((p: string) => void) | null = null;
    return {
      listen: async (fn) => {
        mine = fn;
        listeners.add(fn);
      },
      publish: async (p) => {
        for (const l of listeners) l(p);
      },
      close: async () => {
        if (mine) listeners.delete(mine);
      },
    };
  };
  return { transport };
}

const quiet = () => undefined;

describe('payload encoding', () => {
  it('round-trips each kind', () => {
    const cases: Delivery[] = [
      { kind: 'users', userIds: ['u1', 'u2'], message: { cmd: 'user', msgId: 'a1', msgTxt: '通知' } },
      { kind: 'all', message: { cmd: 'topic', msgId: 'a2' } },
      { kind: 'close', tokenHashes: ['h1'] },
    ];
    for (const d of cases) {
      const [p] = encodeDelivery('inst-1', d);
      expect(decodeDelivery(p)).toEqual({ origin: 'inst-1', delivery: d });
    }
  });

  it('splits a long user list so every payload fits NOTIFY, losing nobody', () => {
    const userIds = Array.from({ length: 1500 }, (_, i) => `user_${String(i).padStart(27, '0')}`);
    const payloads = encodeDelivery('inst', { kind: 'users', userIds, message: { cmd: 'user', msgTxt: '调课通知' } });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const back = payloads.flatMap((p) => (decodeDelivery(p)!.delivery as { userIds: string[] }).userIds);
    expect(back).toEqual(userIds);
  });

  it('gives up (locally delivered only) on a single oversize message', () => {
    expect(encodeDelivery('i', { kind: 'all', message: { msgTxt: 'x'.repeat(9000) } })).toEqual([]);
  });

  it.each(['', 'not json', '{"o":1}', '{"o":"a","d":{"kind":"users","userIds":[1],"message":{}}}', '{"o":"a","d":{"kind":"nope"}}'])('rejects %j', (p) => {
    expect(decodeDelivery(p)).toBeNull();
  });
});

describe('createFanout over a shared channel', () => {
  it('a publish on A reaches A once (no echo) and B once', async () => {
    const bus = memoryBus();
    const gotA = jest.fn();
    const gotB = jest.fn();
    const a = await createFanout(gotA, bus.transport(), { log: quiet });
    const b = await createFanout(gotB, bus.transport(), { log: quiet });
    const d: Delivery = { kind: 'users', userIds: ['u_teacher'], message: { cmd: 'user', msgId: 'x' } };
    await a.publish(d);
    expect(gotA.mock.calls).toEqual([[d]]);
    expect(gotB.mock.calls).toEqual([[d]]);
    await b.publish({ kind: 'all', message: { cmd: 'topic' } });
    expect(gotA).toHaveBeenLastCalledWith({ kind: 'all', message: { cmd: 'topic' } });
    expect(gotB).toHaveBeenCalledTimes(2);
    await a.close();
    await b.publish({ kind: 'all', message: { cmd: 'topic' } });
    expect(gotA).toHaveBeenCalledTimes(2);
  });

  it('a failing transport is logged; local delivery still happens and publish never throws', async () => {
    const log = jest.fn();
    const got = jest.fn();
    const broken: FanoutTransport = { listen: async () => undefined, publish: async () => Promise.reject(new Error('down')), close: async () => undefined };
    const f = await createFanout(got, broken, { log });
    await expect(f.publish({ kind: 'all', message: { cmd: 'topic' } })).resolves.toBeUndefined();
    expect(got).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('publish failed: down');
  });

  it('hubDelivery: users → their sockets, all → everyone, close → those sessions', async () => {
    const hub = new RealtimeHub();
    const client = (userId: string, tokenHash: string) => {
      const c: HubClient & { got: string[]; closed: boolean } = { userId, tokenHash, got: [], closed: false, send: (t) => void c.got.push(t), close: () => void (c.closed = true) };
      hub.add(c);
      return c;
    };
    const t1 = client('u_teacher', 'h1');
    const t2 = client('u_teacher2', 'h2');
    const f = await createFanout(hubDelivery(hub));
    await f.publish({ kind: 'users', userIds: ['u_teacher'], message: { cmd: 'user' } });
    await f.publish({ kind: 'all', message: { cmd: 'topic' } });
    await f.publish({ kind: 'close', tokenHashes: ['h2'] });
    expect(t1.got).toEqual(['{"cmd":"user"}', '{"cmd":"topic"}']);
    expect(t2.got).toEqual(['{"cmd":"topic"}']);
    expect([t1.closed, t2.closed]).toEqual([false, true]);
  });
});

describe('connectRealtime on one backend', () => {
  let be: TestBackend;
  beforeAll(async () => {
    be = await startTestBackend();
  });
  afterAll(() => be.close());

  it('routes the backend’s pushes (release to ALL) into delivery', async () => {
    const got: Delivery[] = [];
    const fan = await connectRealtime(be, (d) => void got.push(d), { log: quiet });
    try {
      const admin = await be.login('admin');
      const r = await be.call('/sys/annountCement/add', { method: 'POST', token: admin, json: { titile: '全体教师会议' } });
      const id = (r.body.result as { id: string }).id;
      await be.call(`/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      await waitFor(() => got.some((d) => d.kind === 'all'));
      expect(got.find((d) => d.kind === 'all')).toEqual({ kind: 'all', message: { cmd: 'topic', msgId: id, msgTxt: '全体教师会议' } });
    } finally {
      await fan.close();
    }
  });
});

async function waitFor(check: () => boolean, ms = 5000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting for delivery');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pgOnly = process.env.TEST_DATABASE_URL ? describe : describe.skip;

pgOnly('two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let a: TestBackend;
  let b: Backend;
  let dataDir: string;
  beforeAll(async () => {
    a = await startTestBackend();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-fanout-'));
    b = await createBackend({ config: { ...a.config, dataDir } });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a push on A reaches a listener registered on B, and A hears its own once', async () => {
    const onA: Delivery[] = [];
    const onB: Delivery[] = [];
    const fanA = await connectRealtime(a, (d) => void onA.push(d), { log: quiet });
    const fanB = await connectRealtime(b, (d) => void onB.push(d), { log: quiet });
    try {
      const admin = await a.login('admin');
      const r = await a.call('/sys/annountCement/add', { method: 'POST', token: admin, json: { titile: '跨实例通知', msgType: 'USER', userIds: 'u_teacher,' } });
      const id = (r.body.result as { id: string }).id;
      await a.call(`/sys/annountCement/doReleaseData?id=${id}`, { token: admin });
      const expected: Delivery = { kind: 'users', userIds: ['u_teacher'], message: { cmd: 'user', msgId: id, msgTxt: '跨实例通知' } };
      await waitFor(() => onB.length > 0);
      expect(onB).toEqual([expected]);

      await fanB.publish({ kind: 'all', message: { cmd: 'topic', msgId: 'from-b' } });
      await waitFor(() => onA.length > 1);
      await new Promise((r2) => setTimeout(r2, 200)); // any late echo would arrive by now
      expect(onA).toEqual([expected, { kind: 'all', message: { cmd: 'topic', msgId: 'from-b' } }]);
      expect(onB).toHaveLength(2);
    } finally {
      await fanA.close();
      await fanB.close();
    }
  });

  it('B keeps listening after its LISTEN connection is killed', async () => {
    const onB: Delivery[] = [];
    const logB = jest.fn();
    const fanA = await connectRealtime(a, () => undefined, { log: quiet });
    const fanB = await connectRealtime(b, (d) => void onB.push(d), { log: logB, reconnectMs: 100 });
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`.execute(a.db);
      // Publish until the reconnected listener hears one (messages sent while it is away are lost by design).
      await waitFor(() => {
        void fanA.publish({ kind: 'all', message: { cmd: 'topic', msgId: 'after-kill' } });
        return onB.length > 0;
      }, 10_000);
      expect(onB[0]).toEqual({ kind: 'all', message: { cmd: 'topic', msgId: 'after-kill' } });
      expect(logB).toHaveBeenCalledWith(expect.stringMatching(/^listener connection error/));
    } finally {
      await fanA.close();
      await fanB.close();
    }
  });
});

/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { SESSION_COOKIE, sealSession } from '../../../lib/server/session-cookie';
import { RealtimeHub } from '../hub';
import { sha256 } from '../../core/ids';
import { createVxeSocketHandler, parseVxeFrame, VXE_RATE, type VxeRelay } from '../vxe-socket';

const SECRET = 'test-only-session-secret-0123456789abcdef';
/** token → user id: what the session store would answer. */
const tokens = new Map([
  ['tok-a', 'u-a'],
  ['tok-b', 'u-b'],
  ['tok-c', 'u-c'],
]);

let server: http.Server;
let base: string;
let hub: RealtimeHub;
let handler: ReturnType<typeof createVxeSocketHandler>;
const warnings: string[] = [];
const published: VxeRelay[] = [];

beforeAll(async () => {
  hub = new RealtimeHub();
  handler = createVxeSocketHandler({
    sessionSecret: SECRET,
    hub,
    verifyToken: async (t) => tokens.get(t) ?? null,
    allowedOrigin: (origin) => !origin || origin === 'http://good.example',
    log: (t) => warnings.push(t),
    canJoin: async (userId, pageId) => !(userId === 'u-c' && pageId === 'closed-page'),
    publish: (r) => {
      published.push(r);
      handler.deliver(r);
    },
  });
  server = http.createServer((_req, res) => res.end());
  server.on('upgrade', (req, socket, head) => {
    void handler.handleUpgrade(req, socket, head).then((ours) => {
      if (!ours) socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  hub.closeAll();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  warnings.length = 0;
  published.length = 0;
});

async function cookieFor(token: string) {
  const sealed = await sealSession({ token, userId: tokens.get(token) ?? 'x', username: 'x', tenantId: 0, loginAt: Date.now() }, SECRET);
  return `${SESSION_COOKIE}=${sealed}`;
}

interface Client {
  ws: WebSocket;
  frames: unknown[];
  next(): Promise<unknown>;
}

async function open(path: string, token: string | null, origin?: string): Promise<Client> {
  const headers: Record<string, string> = {};
  if (token) headers.cookie = await cookieFor(token);
  if (origin) headers.origin = origin;
  const ws = new WebSocket(base + path, { headers });
  const frames: unknown[] = [];
  const waiters: ((v: unknown) => void)[] = [];
  ws.on('message', (d) => {
    const v = JSON.parse(d.toString());
    const w = waiters.shift();
    if (w) w(v);
    else frames.push(v);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, frames, next: () => (frames.length ? Promise.resolve(frames.shift()) : new Promise((r) => waiters.push(r))) };
}

/** The HTTP status the upgrade was refused with. */
function refusal(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(base + path, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => reject(new Error('opened')));
    ws.on('error', () => undefined);
  });
}

const close = (...cs: Client[]) => Promise.all(cs.map((c) => new Promise((r) => (c.ws.readyState === c.ws.CLOSED ? r(null) : (c.ws.once('close', r), c.ws.close())))));
const tick = (ms = 80) => new Promise((r) => setTimeout(r, ms));

test('a page the user may not join is refused with 403 (canJoin), before any frame flows', async () => {
  expect(await refusal('/vxeSocket/u-c/closed-page', { cookie: await cookieFor('tok-c') })).toBe(403);
  const a = await open('/vxeSocket/u-a/closed-page', 'tok-a');
  await close(a);
});

test('relays update_vxe_table to the other sockets of the same page only, with the sender id from the session', async () => {
  const a = await open('/vxeSocket/u-a/page_1', 'tok-a');
  const b = await open('/vxeSocket/u-b/page_1', 'tok-b');
  const a2 = await open('/vxeSocket/u-a/page_1', 'tok-a'); // the same user's other tab gets it too
  const other = await open('/vxeSocket/u-c/page-2', 'tok-c');
  a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'sys_dict_item', args: ['update', 'r1', { itemText: '新值' }], userId: 'u-b' } }));
  const expected = { type: 'update_vxe_table', data: { socketKey: 'sys_dict_item', args: ['update', 'r1', { itemText: '新值' }], userId: 'u-a' } };
  expect(await b.next()).toEqual(expected);
  expect(await a2.next()).toEqual(expected);
  await tick();
  expect(a.frames).toEqual([]); // never back to the sender
  expect(other.frames).toEqual([]);
  expect(published).toHaveLength(1);
  expect(published[0].pageId).toBe('page_1');

  b.ws.send(JSON.stringify({ type: 'common_send_date', data: { socketKey: 'k', args: [1] } }));
  expect(await a.next()).toEqual({ type: 'common_send_date', data: { socketKey: 'k', args: [1], userId: 'u-b' } });
  await close(a, b, a2, other);
});

test('answers heart_beat to the sender alone', async () => {
  const a = await open('/vxeSocket/u-a/p', 'tok-a');
  const b = await open('/vxeSocket/u-b/p', 'tok-b');
  a.ws.send(JSON.stringify({ type: 'heart_beat' }));
  expect(await a.next()).toEqual({ type: 'heart_beat' });
  await tick();
  expect(b.frames).toEqual([]);
  await close(a, b);
});

test('bad and unknown frames are logged and dropped; the socket stays usable', async () => {
  const a = await open('/vxeSocket/u-a/bad', 'tok-a');
  const b = await open('/vxeSocket/u-b/bad', 'tok-b');
  a.ws.send('not json');
  a.ws.send(JSON.stringify({ type: 'drop_table', data: {} }));
  a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: 'not an array' } }));
  a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'x'.repeat(101), args: [] } }));
  a.ws.send(JSON.stringify([1, 2]));
  a.ws.send(JSON.stringify({ type: 'heart_beat' }));
  expect(await a.next()).toEqual({ type: 'heart_beat' });
  expect(b.frames).toEqual([]);
  expect(warnings).toEqual([
    'unparseable frame; dropped',
    'unknown frame type "drop_table"; dropped',
    'malformed update_vxe_table data; dropped',
    'malformed update_vxe_table data; dropped',
    'frame is not an object; dropped',
  ]);
  await close(a, b);
});

test('refuses a missing or foreign session, another user id, a bad page id and a foreign Origin', async () => {
  expect(await refusal('/vxeSocket/u-a/p', {})).toBe(401);
  expect(await refusal('/vxeSocket/u-a/p', { cookie: await cookieFor('tok-unknown') })).toBe(401);
  expect(await refusal('/vxeSocket/u-b/p', { cookie: await cookieFor('tok-a') })).toBe(403);
  expect(await refusal('/vxeSocket/u-a/p', { cookie: await cookieFor('tok-a'), origin: 'http://evil.example' })).toBe(403);
  expect(await refusal('/vxeSocket/u-a/bad.page', { cookie: await cookieFor('tok-a') })).toBe(400);
  expect(await refusal(`/vxeSocket/u-a/${'p'.repeat(101)}`, { cookie: await cookieFor('tok-a') })).toBe(400);
  expect(await refusal('/vxeSocket/u-a', { cookie: await cookieFor('tok-a') })).toBe(400);
  expect(await refusal('/websocket/u-a', { cookie: await cookieFor('tok-a') })).toBe(404); // not ours
  expect(handler.size).toBe(0);
});

test('frames over 64 KB close the socket; a flood beyond the rate is dropped', async () => {
  const a = await open('/vxeSocket/u-a/big', 'tok-a');
  const b = await open('/vxeSocket/u-b/big', 'tok-b');
  for (let i = 0; i < VXE_RATE.frames + 10; i++) a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: [i] } }));
  await tick(300);
  expect(b.frames.length).toBe(VXE_RATE.frames);
  expect(warnings.some((w) => w.startsWith('rate limit'))).toBe(true);

  const closed = new Promise<number>((r) => a.ws.once('close', (code) => r(code)));
  a.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: ['x'.repeat(70 * 1024)] } }));
  expect(await closed).toBe(1009);
  await close(b);
});

test('a revoked session closes its grid sockets', async () => {
  const a = await open('/vxeSocket/u-a/rev', 'tok-a');
  const closed = new Promise<number>((r) => a.ws.once('close', (code) => r(code)));
  hub.closeSessions([sha256('tok-a')]);
  expect(await closed).toBe(4001);
  // The hub's notification pushes never reach a grid socket.
  const b = await open('/vxeSocket/u-b/rev', 'tok-b');
  hub.sendToUser('u-b', { cmd: 'user' });
  await tick();
  expect(b.frames).toEqual([]);
  await close(b);
});

test('parseVxeFrame keeps only socketKey and args', () => {
  expect(parseVxeFrame(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'k', args: [], userId: 'forged', extra: 1 } }))).toEqual({
    type: 'update_vxe_table',
    data: { socketKey: 'k', args: [] },
  });
});

describe('the notification socket shares the same admission (socket-auth.ts)', () => {
  let nserver: http.Server;
  let nbase: string;
  beforeAll(async () => {
    const { createNotifySocketHandler } = await import('../notify-socket');
    const upgrade = createNotifySocketHandler({ sessionSecret: SECRET, hub, verifyToken: async (t) => tokens.get(t) ?? null, allowedOrigin: (o) => !o });
    nserver = http.createServer((_req, res) => res.end());
    nserver.on('upgrade', (req, socket, head) => void upgrade(req, socket, head));
    await new Promise<void>((r) => nserver.listen(0, '127.0.0.1', r));
    nbase = `ws://127.0.0.1:${(nserver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => nserver.close(r)));

  const status = (path: string, headers: Record<string, string>) =>
    new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(nbase + path, { headers });
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => (resolve('open'), ws.close()));
      ws.on('error', () => undefined);
    });

  test('own id opens; no session 401, another id or a foreign Origin 403', async () => {
    const cookie = await cookieFor('tok-a');
    expect(await status('/websocket/u-a', { cookie })).toBe('open');
    expect(await status('/websocket/u-a', {})).toBe(401);
    expect(await status('/websocket/u-b', { cookie })).toBe(403);
    expect(await status('/websocket/u-a', { cookie, origin: 'http://evil.example' })).toBe(403);
    expect(await status('/websocket/%E0%A4%A', { cookie })).toBe(403); // undecodable id
  });
});

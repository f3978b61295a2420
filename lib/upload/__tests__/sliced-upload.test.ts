/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';

const listEvents: unknown[][] = [];
let retryOf: (() => void) | undefined;
jest.mock('@/lib/upload/upload-list-store', () => ({
  uploadList: {
    start: (name: string, o: { size?: number; retry?: () => void }) => {
      listEvents.push(['start', name, o.size]);
      retryOf = o.retry;
      return { id: 'x', progress: (p: number) => listEvents.push(['progress', p]), done: () => listEvents.push(['done']), fail: (m?: string) => listEvents.push(['fail', m]) };
    },
  },
}));
import { planSlices, sliceRange, SliceScheduler } from '../slice-plan';
import { SlicedUploader, type SlicedUploaderConfig } from '../sliced-upload';
import { fileKey, parseSessions, sessionCookie, UploadSessions, UPLOAD_SESSION_COOKIE, type CookieJar } from '../upload-session';
import type { Envelope } from '../../envelope';

const MB = 1024 * 1024;
const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('hex');

type Env = Envelope;
const okEnv = (result: unknown, message = ''): Env => ({ success: true, code: 200, message, result });
const failEnv = (code: number, message: string): Env => ({ success: false, code, message, result: null });

interface Upload {
  id: string;
  name: string;
  size: number;
  data: Buffer;
  received: Set<number>;
}

/** An in-memory server speaking the slice protocol, with knobs for failures. */
class FakeServer {
  uploads = new Map<string, Upload>();
  calls: string[] = [];
  puts: number[] = [];
  inFlight = 0;
  peak = 0;
  /** index → failures left (answered with the given code). */
  sliceFailures = new Map<number, { left: number; code: number; message: string }>();
  finishFailures: { left: number; code: number; message: string } | null = null;
  hang = new Set<number>();
  stored = new Map<string, Buffer>();
  private seq = 0;

  fetch: typeof fetch = async (input, init) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    this.calls.push(`${method} ${url.pathname}`);
    const json = (e: Env) => new Response(JSON.stringify(e), { headers: { 'content-type': 'application/json' } });
    const m = /^\/jeecg-boot\/sys\/upload\/slice\/([^/]+)(?:\/([^/]+))?$/.exec(url.pathname);
    if (!m) return json(failEnv(404, 'not found'));
    if (m[1] === 'init' && method === 'POST') {
      const body = JSON.parse(String(init!.body)) as { name: string; size: number; lastModified: number };
      const existing = [...this.uploads.values()].find((u) => u.name === body.name && u.size === body.size);
      const u = existing ?? { id: (++this.seq).toString(16).padStart(32, '0'), name: body.name, size: body.size, data: Buffer.alloc(body.size), received: new Set<number>() };
      this.uploads.set(u.id, u);
      const plan = planSlices(u.size);
      return json(okEnv({ uploadId: u.id, sliceSize: plan.sliceSize, sliceCount: plan.sliceCount, received: [...u.received] }));
    }
    const u = this.uploads.get(m[1]);
    if (!u) return json(failEnv(10006, '上传任务不存在或已过期'));
    const plan = planSlices(u.size);
    if (method === 'GET') return json(okEnv({ received: [...u.received], sliceCount: plan.sliceCount, sliceSize: plan.sliceSize, size: u.size }));
    if (method === 'DELETE') {
      this.uploads.delete(u.id);
      return json(okEnv(null));
    }
    if (method === 'POST' && m[2] === 'finish') {
      if (this.finishFailures && this.finishFailures.left > 0) {
        this.finishFailures.left--;
        return json(failEnv(this.finishFailures.code, this.finishFailures.message));
      }
      if (u.received.size !== plan.sliceCount) return json(failEnv(10005, 'filesize not match'));
      const path = `material/${u.id}.mp4`;
      this.stored.set(path, u.data);
      this.uploads.delete(u.id);
      return json(okEnv({ path, size: u.size }, path));
    }
    if (method === 'PUT') {
      const index = Number(m[2]);
      this.puts.push(index);
      this.inFlight++;
      this.peak = Math.max(this.peak, this.inFlight);
      try {
        await new Promise((r) => setTimeout(r, 2));
        if (this.hang.has(index)) {
          await new Promise<void>((_, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason)));
        }
        const f = this.sliceFailures.get(index);
        if (f && f.left > 0) {
          f.left--;
          return json(failEnv(f.code, f.message));
        }
        const body = Buffer.from(init!.body as ArrayBuffer);
        if (sha1(body) !== url.searchParams.get('sha1')) return json(failEnv(20001, 'get slice sha1 error'));
        const { start } = sliceRange(plan, index);
        body.copy(u.data, start);
        u.received.add(index);
        return json(okEnv({ index }));
      } finally {
        this.inFlight--;
      }
    }
    return json(failEnv(405, 'method'));
  };
}

class MemoryJar implements CookieJar {
  value = '';
  writes: string[] = [];
  read() {
    return this.value;
  }
  write(setCookie: string) {
    this.writes.push(setCookie);
    const [pair] = setCookie.split(';');
    this.value = /Max-Age=0/.test(setCookie) ? '' : pair;
  }
}

const fileOf = (data: Buffer, name = 'lesson.mp4', lastModified = 1700000000000) => new File([new Uint8Array(data)], name, { lastModified });

function uploader(server: FakeServer, extra: SlicedUploaderConfig = {}, jar = new MemoryJar()) {
  return new SlicedUploader({ fetch: server.fetch, scheduler: new SliceScheduler(), sessions: new UploadSessions(jar), ...extra });
}


describe('SlicedUploader', () => {
  it('uploads every slice with its SHA-1, at most 3 at once, and finishes byte-identical', async () => {
    const server = new FakeServer();
    const data = randomBytes(7 * MB + 333);
    const progress: number[] = [];
    const r = await uploader(server).upload(fileOf(data), { biz: 'material', onProgress: (p) => progress.push(p) });
    expect(r.path).toMatch(/^material\//);
    expect(server.stored.get(r.path)!.equals(data)).toBe(true);
    expect(server.puts.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(server.peak).toBeLessThanOrEqual(3);
    expect(progress[progress.length - 1]).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
  });

  it('uploads sharing one scheduler: never more than 5 requests at once, 3 files active', async () => {
    const server = new FakeServer();
    const shared = new SliceScheduler();
    const up = uploader(server, { scheduler: shared });
    let filesPeak = 0;
    const timer = setInterval(() => (filesPeak = Math.max(filesPeak, shared.activeFiles)), 1);
    const files = [1, 2, 3, 4, 5].map((n) => fileOf(randomBytes(3 * MB), `f${n}.mp4`));
    const results = await Promise.all(files.map((f) => up.upload(f)));
    clearInterval(timer);
    expect(results).toHaveLength(5);
    expect(server.peak).toBeLessThanOrEqual(5);
    expect(server.peak).toBeGreaterThanOrEqual(4);
    expect(filesPeak).toBe(3);
  });

  it('resumes: only the slices the server lacks are sent (server-side resume by file identity)', async () => {
    const server = new FakeServer();
    const data = randomBytes(5 * MB);
    const file = fileOf(data);
    // A first attempt that dies on slice 3 (a fatal error) after others arrived.
    server.sliceFailures.set(3, { left: 1, code: 500, message: 'boom' });
    await expect(uploader(server).upload(file)).rejects.toThrow('boom');
    const had = [...[...server.uploads.values()][0].received];
    expect(had.length).toBeGreaterThan(0);
    server.puts = [];
    const r = await uploader(server).upload(file);
    expect(server.stored.get(r.path)!.equals(data)).toBe(true);
    // Only the missing ones went over the wire again.
    for (const i of had) expect(server.puts).not.toContain(i);
    expect(server.puts.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4].filter((i) => !had.includes(i)));
  });

  it('resumes from the upload-session cookie: asks the server for that upload instead of init', async () => {
    const server = new FakeServer();
    const data = randomBytes(2 * MB + 5);
    const file = fileOf(data);
    const jar = new MemoryJar();
    server.sliceFailures.set(2, { left: 3, code: 20003, message: 'upload slice file error' });
    await expect(uploader(server, {}, jar).upload(file, { biz: 'material' })).rejects.toThrow('upload slice file error');
    const id = parseSessions(jar.value)[fileKey(file, 'material|')];
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    server.calls = [];
    server.puts = [];
    await uploader(server, {}, jar).upload(file, { biz: 'material' });
    expect(server.calls[0]).toBe(`GET /jeecg-boot/sys/upload/slice/${id}`);
    expect(server.calls).not.toContain('POST /jeecg-boot/sys/upload/slice/init');
    expect(server.puts).toEqual([2]);
    // Finished: the cookie entry is gone.
    expect(parseSessions(jar.value)).toEqual({});
  });

  it('retries a slice on 2xxxx codes while retries remain, then fails with the server message', async () => {
    const server = new FakeServer();
    const data = randomBytes(600 * 1024);
    server.sliceFailures.set(0, { left: 2, code: 20001, message: 'get slice sha1 error' });
    await uploader(server).upload(fileOf(data, 'a.mp4'));
    expect(server.puts.filter((i) => i === 0)).toHaveLength(3);

    const again = new FakeServer();
    again.sliceFailures.set(0, { left: 3, code: 20001, message: 'get slice sha1 error' });
    await expect(uploader(again).upload(fileOf(data, 'b.mp4'))).rejects.toMatchObject({ message: 'get slice sha1 error', code: 20001 });
    expect(again.puts.filter((i) => i === 0)).toHaveLength(3);
  });

  it('a slice that never answers fails after its three timed attempts with upload slice file error', async () => {
    const server = new FakeServer();
    server.hang.add(0);
    await expect(uploader(server, { sliceTimeouts: [20, 20, 20] }).upload(fileOf(randomBytes(1000), 'h.mp4'))).rejects.toMatchObject({ message: 'upload slice file error' });
    expect(server.puts.filter((i) => i === 0)).toHaveLength(3);
  });

  it('retries finish up to 3 times', async () => {
    const server = new FakeServer();
    server.finishFailures = { left: 2, code: 20004, message: 'slice finish error' };
    await expect(uploader(server).upload(fileOf(randomBytes(1000), 'f1.mp4'))).resolves.toMatchObject({ size: 1000 });
    const again = new FakeServer();
    again.finishFailures = { left: 3, code: 20004, message: 'slice finish error' };
    await expect(uploader(again).upload(fileOf(randomBytes(1000), 'f2.mp4'))).rejects.toMatchObject({ message: 'slice finish error' });
    expect(again.calls.filter((c) => c.endsWith('/finish'))).toHaveLength(3);
  });

  it('10005 restarts from init (which resumes) instead of failing', async () => {
    const server = new FakeServer();
    server.finishFailures = { left: 1, code: 10005, message: 'filesize not match' };
    const r = await uploader(server).upload(fileOf(randomBytes(3000), 'g.mp4'));
    expect(r.size).toBe(3000);
    expect(server.calls.filter((c) => c.endsWith('/init'))).toHaveLength(2);
    // The restart found every slice already there: none sent twice.
    expect(server.puts).toEqual([0]);
  });

  it('cancel: DELETE on the server and 该文件已取消上传', async () => {
    const server = new FakeServer();
    server.hang.add(1);
    const ctl = new AbortController();
    const p = uploader(server).upload(fileOf(randomBytes(3 * MB), 'c.mp4'), { signal: ctl.signal });
    await new Promise((r) => setTimeout(r, 30));
    ctl.abort();
    await expect(p).rejects.toMatchObject({ message: '该文件已取消上传', cancelled: true });
    expect(server.calls.some((c) => c.startsWith('DELETE /jeecg-boot/sys/upload/slice/'))).toBe(true);
    expect(server.uploads.size).toBe(0);
  });

  it('an uploader configured without its finish url refuses: 请设置url.finishUpload属性!', async () => {
    const server = new FakeServer();
    await expect(uploader(server, { url: { finishUpload: '' } }).upload(fileOf(randomBytes(10)))).rejects.toThrow('请设置url.finishUpload属性!');
    await expect(uploader(server, { url: { finishUpload: undefined } }).upload(fileOf(randomBytes(10)))).rejects.toThrow('请设置url.finishUpload属性!');
    expect(server.calls).toEqual([]);
  });

  it('with list: true the upload appears in the upload list; 重新上传 runs it again', async () => {
    const server = new FakeServer();
    server.sliceFailures.set(0, { left: 1, code: 500, message: '磁盘已满' });
    const file = fileOf(randomBytes(2000), '讲义.mp4');
    await expect(uploader(server).upload(file, { list: true })).rejects.toThrow('磁盘已满');
    expect(listEvents[0]).toEqual(['start', '讲义.mp4', 2000]);
    expect(listEvents[listEvents.length - 1]).toEqual(['fail', '磁盘已满']);
    listEvents.length = 0;
    retryOf!();
    // The retry runs on its own: wait for its end rather than a fixed 50 ms (a loaded CI machine took longer).
    for (let i = 0; i < 500 && !['done', 'fail'].includes(String(listEvents.at(-1)?.[0])); i++) await new Promise((r) => setTimeout(r, 10));
    expect(listEvents[listEvents.length - 1]).toEqual(['done']);
    expect(listEvents.filter((e) => e[0] === 'progress').pop()).toEqual(['progress', 1]);
  });
});

describe('upload-session cookie', () => {
  it('lasts 1 day, is SameSite=Strict on /, keeps at most 5 entries and drops the oldest', () => {
    const jar = new MemoryJar();
    const s = new UploadSessions(jar);
    const id = (n: number) => n.toString(16).padStart(32, '0');
    for (let i = 1; i <= 6; i++) s.set(`k${i}`, id(i));
    const last = jar.writes[jar.writes.length - 1];
    expect(last).toContain(`${UPLOAD_SESSION_COOKIE}=`);
    expect(last).toContain('Max-Age=86400');
    expect(last).toContain('Path=/');
    expect(last).toContain('SameSite=Strict');
    const map = parseSessions(jar.value);
    expect(Object.keys(map)).toEqual(['k2', 'k3', 'k4', 'k5', 'k6']);
    expect(s.get('k1')).toBeUndefined();
    // Setting an existing key makes it the newest.
    s.set('k2', id(22));
    s.set('k7', id(7));
    expect(Object.keys(parseSessions(jar.value))).toEqual(['k4', 'k5', 'k6', 'k2', 'k7']);
    s.delete('k4');
    expect(Object.keys(parseSessions(jar.value))).toEqual(['k5', 'k6', 'k2', 'k7']);
    expect(sessionCookie({})).toContain('Max-Age=0');
    // Junk and foreign values are ignored.
    expect(parseSessions(`${UPLOAD_SESSION_COOKIE}=%7Bbad`)).toEqual({});
    expect(parseSessions(`${UPLOAD_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ a: '../x', b: id(1) }))}`)).toEqual({ b: id(1) });
    // File keys never look like integers (object key order must stay insertion order).
    expect(fileKey({ name: 'a', size: 1, lastModified: 1 })).toMatch(/^f/);
    expect(fileKey({ name: 'a', size: 1, lastModified: 1 })).not.toBe(fileKey({ name: 'a', size: 1, lastModified: 2 }));
  });
});

/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { planSlices, sliceRange } from '../../../lib/upload/slice-plan';
import { LocalFileStorage } from '../local';
import { SliceStore } from '../slices';
import { BUCKET_DELETE_CODE, checkRemovablePath, normaliseStoredPath, StorageError } from '../storage';
import type { Envelope } from '../../../lib/envelope';

let be: TestBackend;
let admin: string;
let teacher: string;

beforeAll(async () => {
  be = await startTestBackend();
  admin = await be.login('admin');
  teacher = await be.login('teacher');
}, 120_000);
afterAll(() => be.close());

const sha1 = (b: Uint8Array) => createHash('sha1').update(b).digest('hex');
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function init(body: Record<string, unknown>, token = admin) {
  return (await be.call('/sys/upload/slice/init', { method: 'POST', token, json: body })).body;
}
async function putSlice(id: string, index: number, data: Uint8Array, token = admin, hash = sha1(data)) {
  const headers = new Headers({ 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1', 'content-type': 'application/octet-stream' });
  const res = await be.fetch(new Request(`http://backend/sys/upload/slice/${id}/${index}?sha1=${hash}`, { method: 'PUT', headers, body: Buffer.from(data) }));
  return (await res.json()) as Envelope;
}
async function download(p: string, token = admin): Promise<Buffer> {
  const headers = new Headers({ 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' });
  const res = await be.fetch(new Request(`http://backend/sys/common/static/${p}`, { headers }));
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** A small MP4-looking file (ftyp box first) so the content check accepts it. */
function videoBytes(size: number): Buffer {
  const b = randomBytes(size);
  Buffer.from([0, 0, 0, 0x18]).copy(b, 0);
  Buffer.from('ftypmp42').copy(b, 4);
  return b;
}

describe('sliced upload routes', () => {
  it('plans on the server, resumes by file identity, and refuses bad names and sizes', async () => {
    const a = await init({ name: 'lesson.mp4', size: 3 * 1024 * 1024 + 5, lastModified: 1, biz: 'material' });
    expect(a).toMatchObject({ success: true });
    const r = a.result as { uploadId: string; sliceSize: number; sliceCount: number; received: number[] };
    expect(r).toMatchObject({ sliceSize: 1024 * 1024, sliceCount: 4, received: [] });
    // Same user + file identity: the same upload (resume without the cookie).
    const again = (await init({ name: 'lesson.mp4', size: 3 * 1024 * 1024 + 5, lastModified: 1, biz: 'material' })).result as { uploadId: string };
    expect(again.uploadId).toBe(r.uploadId);
    // A different lastModified or another user: a new upload.
    expect(((await init({ name: 'lesson.mp4', size: 3 * 1024 * 1024 + 5, lastModified: 2, biz: 'material' })).result as { uploadId: string }).uploadId).not.toBe(r.uploadId);
    expect(((await init({ name: 'lesson.mp4', size: 3 * 1024 * 1024 + 5, lastModified: 1, biz: 'material' }, teacher)).result as { uploadId: string }).uploadId).not.toBe(r.uploadId);
    expect(((await init({ name: 'small.mp4', size: 1000, lastModified: 1 })).result as { sliceSize: number }).sliceSize).toBe(512 * 1024);

    expect(await init({ name: 'a<b>.mp4', size: 10, lastModified: 1 })).toMatchObject({ success: false, message: "文件名不能包含 : * ? , < > ' \" \\ 字符，请去掉再重试" });
    expect(await init({ name: '../x.mp4', size: 10, lastModified: 1 })).toMatchObject({ success: false });
    expect(await init({ name: 'big.mp4', size: 1024 * 1024 * 1024 + 1, lastModified: 1 })).toMatchObject({ success: false, message: '文件大小不能大于1G' });
    // 1 GB itself is allowed: the 200 MB rule of the general upload does not apply here.
    expect(await init({ name: 'exact.mp4', size: 1024 * 1024 * 1024, lastModified: 1 })).toMatchObject({ success: true });
    expect(await init({ name: 'x.mp4', size: 10, lastModified: 1, biz: '../etc' })).toMatchObject({ success: false });
    // Unauthenticated: refused by the app's middleware.
    expect((await be.call('/sys/upload/slice/init', { method: 'POST', json: { name: 'a.mp4', size: 1 } })).status).toBe(401);
  });

  it('assembles slices sent out of order byte for byte, keeps received state, and finishes into storage', async () => {
    const data = videoBytes(2 * 1024 * 1024 + 777);
    const r = (await init({ name: '课程视频.mp4', size: data.length, lastModified: 42, biz: 'material', kind: 'video' })).result as { uploadId: string; sliceCount: number };
    const plan = planSlices(data.length);
    expect(r.sliceCount).toBe(3);
    for (const i of [2, 0]) {
      const { start, end } = sliceRange(plan, i);
      expect(await putSlice(r.uploadId, i, data.subarray(start, end))).toMatchObject({ success: true });
    }
    // Finishing with a slice missing: 10005.
    expect((await be.call(`/sys/upload/slice/${r.uploadId}/finish`, { method: 'POST', token: admin })).body).toMatchObject({ success: false, code: 10005, message: 'filesize not match' });
    const status = (await be.call(`/sys/upload/slice/${r.uploadId}`, { token: admin })).body;
    expect(status.result).toEqual({ received: [0, 2], sliceCount: 3, sliceSize: 1024 * 1024, size: data.length });
    // A resumed init tells the client what is already there.
    expect(((await init({ name: '课程视频.mp4', size: data.length, lastModified: 42, biz: 'material', kind: 'video' })).result as { received: number[] }).received).toEqual([0, 2]);
    const { start, end } = sliceRange(plan, 1);
    expect(await putSlice(r.uploadId, 1, data.subarray(start, end))).toMatchObject({ success: true });
    // Sending a slice twice is harmless.
    expect(await putSlice(r.uploadId, 1, data.subarray(start, end))).toMatchObject({ success: true });

    const fin = (await be.call(`/sys/upload/slice/${r.uploadId}/finish`, { method: 'POST', token: admin })).body;
    expect(fin).toMatchObject({ success: true });
    const stored = fin.result as { path: string; size: number };
    expect(fin.message).toBe(stored.path);
    expect(stored.path).toMatch(/^material\/[a-z0-9]+_[0-9a-f]{24}\.mp4$/);
    expect(stored.size).toBe(data.length);
    expect(sha256(await download(stored.path))).toBe(sha256(data));
    // The upload is gone afterwards, and no temp files are left.
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { token: admin })).body).toMatchObject({ success: false, code: 10006 });
    const staging = (be.storage as LocalFileStorage).stagingRoot;
    expect(fs.readdirSync(staging).filter((n) => n.startsWith(r.uploadId))).toEqual([]);
  });

  it('refuses a checksum mismatch (20001), a wrong length (20002) and another user', async () => {
    const data = videoBytes(600 * 1024);
    const r = (await init({ name: 'c.mp4', size: data.length, lastModified: 7 })).result as { uploadId: string };
    const plan = planSlices(data.length);
    const first = data.subarray(0, plan.sliceSize);
    expect(await putSlice(r.uploadId, 0, first, admin, sha1(Buffer.from('other')))).toMatchObject({ success: false, code: 20001, message: 'get slice sha1 error' });
    expect(await putSlice(r.uploadId, 0, first.subarray(1))).toMatchObject({ success: false, code: 20002, message: 'slice upload file error' });
    expect(await putSlice(r.uploadId, 0, Buffer.concat([first, Buffer.from('x')]))).toMatchObject({ success: false, code: 20002 });
    expect(await putSlice(r.uploadId, 5, first)).toMatchObject({ success: false, code: 20002 });
    // Another user can neither write, read, finish nor cancel it: it looks like a missing upload.
    expect(await putSlice(r.uploadId, 0, first, teacher)).toMatchObject({ success: false, code: 10006 });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { token: teacher })).body).toMatchObject({ success: false, code: 10006 });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}/finish`, { method: 'POST', token: teacher })).body).toMatchObject({ success: false, code: 10006 });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { method: 'DELETE', token: teacher })).body).toMatchObject({ success: false, code: 10006 });
    expect((await be.call('/sys/upload/slice/..%2f..%2fetc', { token: admin })).body).toMatchObject({ success: false, code: 10006 });
    // Nothing was recorded by the refused writes.
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { token: admin })).body.result).toMatchObject({ received: [] });
  });

  it('cancels: the temp file and the session are removed', async () => {
    const data = videoBytes(1000);
    const r = (await init({ name: 'd.mp4', size: data.length, lastModified: 9 })).result as { uploadId: string };
    expect(await putSlice(r.uploadId, 0, data)).toMatchObject({ success: true });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { method: 'DELETE', token: admin })).body).toMatchObject({ success: true, message: '该文件已取消上传' });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { token: admin })).body).toMatchObject({ success: false, code: 10006 });
    const staging = (be.storage as LocalFileStorage).stagingRoot;
    expect(fs.readdirSync(staging).filter((n) => n.startsWith(r.uploadId))).toEqual([]);
  });

  it('refuses disguised content at finish (an html page named .mp4) and keeps nothing', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><script>alert(1)</script></html>');
    const r = (await init({ name: 'e.mp4', size: page.length, lastModified: 3 })).result as { uploadId: string };
    expect(await putSlice(r.uploadId, 0, page)).toMatchObject({ success: true });
    const fin = (await be.call(`/sys/upload/slice/${r.uploadId}/finish`, { method: 'POST', token: admin })).body;
    expect(fin).toMatchObject({ success: false, message: '不允许上传该类型的文件' });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}`, { token: admin })).body).toMatchObject({ code: 10006 });
  });

  it('with kind=video the content must be a video (a PDF named .mp4 is refused)', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(2000)]);
    const r = (await init({ name: 'h.mp4', size: pdf.length, lastModified: 4, kind: 'video' })).result as { uploadId: string };
    expect(await putSlice(r.uploadId, 0, pdf)).toMatchObject({ success: true });
    expect((await be.call(`/sys/upload/slice/${r.uploadId}/finish`, { method: 'POST', token: admin })).body).toMatchObject({ success: false, message: '不允许上传该类型的文件' });
    expect(await init({ name: 'i.mp4', size: 10, lastModified: 4, kind: 'program' })).toMatchObject({ success: false });
  });
});

describe('SliceStore', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-slices-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('expires unfinished uploads after 259200 s (swept on the next init)', async () => {
    let now = 1_000_000;
    const store = new SliceStore(path.join(dir, 'upload-slices'), { now: () => now });
    expect(await store.ready()).toBe(true);
    const a = await store.init('u1', { name: 'a.mp4', size: 10, lastModified: 1 });
    now += 259_200_000 - 1;
    expect((await store.status('u1', a.uploadId)).uploadId).toBe(a.uploadId);
    now += 2;
    await store.init('u1', { name: 'b.mp4', size: 10, lastModified: 1 });
    expect(fs.readdirSync(path.join(dir, 'upload-slices')).filter((n) => n.startsWith(a.uploadId))).toEqual([]);
    await expect(store.status('u1', a.uploadId)).rejects.toMatchObject({ code: 10006 });
  });

  it('records concurrent slice writes of one upload without losing any (append-only log)', async () => {
    const store = new SliceStore(path.join(dir, 'upload-slices'));
    await store.ready();
    const data = videoBytes(8 * 1024 * 1024);
    const s = await store.init('u1', { name: 'f.mp4', size: data.length, lastModified: 1 });
    const plan = planSlices(data.length);
    await Promise.all(
      Array.from({ length: plan.sliceCount }, (_, i) => {
        const { start, end } = sliceRange(plan, i);
        const chunk = data.subarray(start, end);
        return store.putSlice('u1', s.uploadId, i, sha1(chunk), (async function* () {
          yield chunk.subarray(0, 1000);
          yield chunk.subarray(1000);
        })());
      }),
    );
    expect((await store.status('u1', s.uploadId)).received).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const storage = new LocalFileStorage(path.join(dir, 'upload'));
    const stored = await store.finish('u1', s.uploadId, storage);
    expect(sha256(fs.readFileSync(storage.resolve(stored.path)))).toBe(sha256(data));
  });

  it('a second store on the same folder (another instance) sees the slices and the cancel', async () => {
    const staging = path.join(dir, 'upload-slices');
    const a = new SliceStore(staging);
    const b = new SliceStore(staging);
    await a.ready();
    const data = videoBytes(3 * 1024 * 1024);
    const plan = planSlices(data.length);
    const s = await a.init('u1', { name: 'm.mp4', size: data.length, lastModified: 1 });
    const put = (store: SliceStore, i: number) => {
      const { start, end } = sliceRange(plan, i);
      const chunk = data.subarray(start, end);
      return store.putSlice('u1', s.uploadId, i, sha1(chunk), (async function* () {
        yield chunk;
      })());
    };
    await put(a, 0);
    await put(b, 1);
    // Each store serves its own requests from memory, but status and finish read the disk.
    expect((await a.status('u1', s.uploadId)).received).toEqual([0, 1]);
    expect((await b.init('u1', { name: 'm.mp4', size: data.length, lastModified: 1 })).received).toEqual([0, 1]);
    await b.cancel('u1', s.uploadId);
    // a still remembers the upload; its next slice finds the file gone and says so.
    await expect(put(a, 2)).rejects.toMatchObject({ code: 10006 });
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it('reads older sidecars with a received list, and ignores a log line cut short by a crash', async () => {
    const staging = path.join(dir, 'upload-slices');
    const store = new SliceStore(staging);
    await store.ready();
    const data = videoBytes(3 * 1024 * 1024);
    const s = await store.init('u1', { name: 'n.mp4', size: data.length, lastModified: 1 });
    const sidecar = path.join(staging, `${s.uploadId}.json`);
    fs.writeFileSync(sidecar, JSON.stringify({ ...JSON.parse(fs.readFileSync(sidecar, 'utf8')), received: [2] }));
    fs.writeFileSync(path.join(staging, `${s.uploadId}.log`), `0 ${Date.now()}\n1`);
    const fresh = new SliceStore(staging);
    expect((await fresh.status('u1', s.uploadId)).received).toEqual([0, 2]);
    // Not complete: finishing is refused, nothing is adopted.
    await expect(fresh.finish('u1', s.uploadId, new LocalFileStorage(path.join(dir, 'upload')))).rejects.toMatchObject({ code: 10005 });
  });

  it('keeps an upload alive while another instance receives its slices (expiry reads the log)', async () => {
    let now = 1_000_000;
    const staging = path.join(dir, 'upload-slices');
    const a = new SliceStore(staging, { now: () => now });
    const b = new SliceStore(staging, { now: () => now });
    await a.ready();
    const data = videoBytes(2 * 1024 * 1024);
    const plan = planSlices(data.length);
    const s = await a.init('u1', { name: 'o.mp4', size: data.length, lastModified: 1 });
    now += 259_200_000 - 10;
    const { start, end } = sliceRange(plan, 1);
    const chunk = data.subarray(start, end);
    await b.putSlice('u1', s.uploadId, 1, sha1(chunk), (async function* () {
      yield chunk;
    })());
    now += 100;
    // a's memory says the upload went quiet 259200 s ago; the log says otherwise.
    expect((await a.status('u1', s.uploadId)).received).toEqual([1]);
  });

  it('finish waits for a slice write under way before it checks and adopts the file', async () => {
    const store = new SliceStore(path.join(dir, 'upload-slices'));
    await store.ready();
    const data = videoBytes(2000);
    const s = await store.init('u1', { name: 'w.mp4', size: data.length, lastModified: 1 });
    const once = async function* () {
      yield data;
    };
    await store.putSlice('u1', s.uploadId, 0, sha1(data), once());
    const events: string[] = [];
    const realOpen = fs.promises.open;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const spy = jest.spyOn(fs.promises, 'open').mockImplementation(async (...args: Parameters<typeof realOpen>) => {
      if (String(args[0]).endsWith('.part') && args[1] === 'r+') {
        await gate;
        events.push('slice written');
      }
      return realOpen(...args);
    });
    try {
      // The same slice again (a retry), its write held at the open.
      const again = store.putSlice('u1', s.uploadId, 0, sha1(data), once());
      await new Promise((r) => setTimeout(r, 20));
      const local = new LocalFileStorage(path.join(dir, 'upload'));
      const adopt = local.adopt!.bind(local);
      const storage = Object.assign(local, { adopt: (...a: Parameters<typeof adopt>) => (events.push('adopted'), adopt(...a)) });
      const finished = store.finish('u1', s.uploadId, storage);
      await new Promise((r) => setTimeout(r, 20));
      expect(events).toEqual([]);
      release();
      await Promise.all([again.catch(() => undefined), finished]);
      expect(events).toEqual(['slice written', 'adopted']);
    } finally {
      spy.mockRestore();
    }
  });

  it('a store without adopt receives the file through put', async () => {
    const store = new SliceStore(path.join(dir, 'upload-slices'));
    await store.ready();
    const data = videoBytes(2000);
    const s = await store.init('u1', { name: 'g.mp4', size: data.length, lastModified: 1 });
    await store.putSlice('u1', s.uploadId, 0, sha1(data), (async function* () {
      yield data;
    })());
    const local = new LocalFileStorage(path.join(dir, 'upload'));
    const plain = { put: local.put.bind(local), open: local.open.bind(local), remove: local.remove.bind(local), exists: local.exists.bind(local) };
    const stored = await store.finish('u1', s.uploadId, plain);
    expect(sha256(fs.readFileSync(local.resolve(stored.path)))).toBe(sha256(data));
  });

  it('answers 正在配置服务 when the staging folder cannot be created', async () => {
    const file = path.join(dir, 'occupied');
    fs.writeFileSync(file, 'x');
    expect(await new SliceStore(path.join(file, 'sub')).ready()).toBe(false);
  });

  it('keeps a successful ready() (no file-system calls per slice); ready(true) looks again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-ready-'));
    const staging = path.join(dir, 'slices');
    const store = new SliceStore(staging);
    expect(await store.ready()).toBe(true);
    fs.rmSync(staging, { recursive: true });
    expect(await store.ready()).toBe(true);
    expect(fs.existsSync(staging)).toBe(false);
    expect(await store.ready(true)).toBe(true);
    expect(fs.existsSync(staging)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('object-store path rules (spec 02 §5)', () => {
  it('refuses a path ending with / and removing the root with code 10003', async () => {
    expect(() => normaliseStoredPath('material/')).toThrow(StorageError);
    expect(() => normaliseStoredPath('material/')).toThrow('文件路径不能以/结尾');
    for (const root of ['', '/', '.', '//']) {
      try {
        checkRemovablePath(root);
        throw new Error('accepted');
      } catch (e) {
        expect(e).toBeInstanceOf(StorageError);
        expect((e as StorageError).reason).toBe('bucket-delete');
        expect((e as StorageError).code).toBe(BUCKET_DELETE_CODE);
        expect(BUCKET_DELETE_CODE).toBe(10003);
      }
    }
    const storage = new LocalFileStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'jw-root-')));
    await expect(storage.remove('')).rejects.toMatchObject({ code: 10003 });
    await expect(storage.remove('temp/')).rejects.toMatchObject({ reason: 'trailing-slash' });
    expect(checkRemovablePath('temp/a.txt')).toBe('temp/a.txt');
    fs.rmSync(storage.root, { recursive: true, force: true });
  });
});

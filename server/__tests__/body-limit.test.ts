/** @jest-environment node */
import { createBff } from '../../lib/server/bff';
import { BODY_TOO_LARGE, DEFAULT_MAX_BODY_BYTES, readMaxBodyBytes } from '../../lib/server/body-limit';
import { ownLimit } from '../core/body-limit';
import { byteSource, MB } from '../testing/byte-source';
import { startTestBackend, type TestBackend } from './helpers';
import type { Envelope } from '../../lib/envelope';

/**
 * Bounded request bodies (issue #38 point 2), through the production request handler: JSON and form bodies over
 * MAX_BODY_BYTES (1 MB here) get HTTP 413 请求内容过大 — from Content-Length without a byte read, or from a chunked
 * body once it passes the limit, whose source is then not read on — on the anonymous routes (/sys/login, the
 * brochure sign-up) as on the rest; the Excel import keeps its own 20 MB limit.
 */

const LIMIT = DEFAULT_MAX_BODY_BYTES;
/** What a refused chunked body may have had pulled: the limit, the chunk that passed it, one in flight. */
const READ_AT_MOST = LIMIT + 2 * 64 * 1024;
const TOO_LARGE = { success: false, code: 413, message: BODY_TOO_LARGE };

let be: TestBackend;
let admin: string;
let signup: string;

type Init = RequestInit & { duplex?: 'half' };
function send(path: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  // A FormData body brings its own multipart type and boundary.
  const type: Record<string, string> = body instanceof FormData ? {} : { 'content-type': 'application/json' };
  const init: Init = { method: 'POST', headers: { 'x-jiaowu-client-ip': '10.7.0.1', ...type, ...headers }, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return be.fetch(new Request(`http://backend${path}`, init));
}
const json = async (res: Response) => (await res.json()) as Envelope;
/** A small body sent chunked (no Content-Length), as a browser's streamed fetch or `curl -T -` would. */
const chunked = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(bytes.slice(0, 5));
      c.enqueue(bytes.slice(5));
      c.close();
    },
  });
};

beforeAll(async () => {
  be = await startTestBackend();
  const marketing = await be.login('marketing');
  admin = await be.login('admin');
  const added = await be.call('/edu/prospectus/add', { method: 'POST', token: marketing, json: { title: '限长测试简章', template: 'prospectus', blocks: [{ type: 'richText', html: '<p>欢迎</p>' }] } });
  const id = (added.body.result as { id: string }).id;
  const pub = await be.call('/edu/prospectus/publish', { method: 'POST', token: marketing, json: { id } });
  signup = `/edu/prospectus/public/${(pub.body.result as { token: string }).token}/signup`;
});
afterAll(() => be.close());

describe('MAX_BODY_BYTES', () => {
  it('is whole bytes, 1 MB when unset; a bad value stops the start', () => {
    expect(readMaxBodyBytes({})).toBe(MB);
    expect(readMaxBodyBytes({ MAX_BODY_BYTES: ' 2097152 ' })).toBe(2 * MB);
    for (const bad of ['1mb', '-1', '1.5', '100', String(65 * MB)]) expect(() => readMaxBodyBytes({ MAX_BODY_BYTES: bad })).toThrow(/MAX_BODY_BYTES/);
  });

  it('leaves multipart bodies of the upload and import routes and slice PUTs to their routes, bounds everything else', () => {
    const multipart = 'multipart/form-data; boundary=x';
    for (const path of ['/sys/common/upload', '/sys/oss/file/upload', '/sys/dict/importExcel', '/edu/tblStudent/previewExcel', '/online/cgform/api/importXls/abc']) {
      expect(ownLimit('POST', path, multipart)).toBe(true);
      expect(ownLimit('POST', path, 'application/json')).toBe(false);
    }
    expect(ownLimit('PUT', `/sys/upload/slice/${'a'.repeat(32)}/0`, 'application/octet-stream')).toBe(true);
    expect(ownLimit('POST', `/sys/upload/slice/${'a'.repeat(32)}/0`, 'application/octet-stream')).toBe(false);
    // Elsewhere a multipart body is bounded too: c.req.json() would read one whatever its type.
    expect(ownLimit('POST', '/sys/upload/slice/init', multipart)).toBe(false);
    for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain', multipart, undefined]) expect(ownLimit('POST', '/sys/login', type)).toBe(false);
  });
});

describe('a body over the limit', () => {
  it('is refused from its Content-Length without a byte read (/sys/login and the brochure sign-up)', async () => {
    for (const path of ['/sys/login', signup]) {
      const src = byteSource(64 * MB);
      const res = await send(path, src.stream, { 'content-length': String(64 * MB) });
      expect(res.status).toBe(413);
      expect(await json(res)).toMatchObject(TOO_LARGE);
      expect(src.pulled()).toBe(0);
    }
  });

  it('is refused while streaming when chunked: the source is not read to its end', async () => {
    for (const [path, type] of [['/sys/login', 'application/json'], [signup, 'application/json'], ['/sys/login', 'application/x-www-form-urlencoded'], ['/sys/dict/add', 'text/plain'], [signup, 'multipart/form-data; boundary=x']]) {
      const src = byteSource(64 * MB);
      const res = await send(path, src.stream, { 'content-type': type, 'x-access-token': admin });
      expect({ path, type, status: res.status, body: await json(res) }).toMatchObject({ status: 413, body: TOO_LARGE });
      expect(src.pulled()).toBeLessThanOrEqual(READ_AT_MOST);
      expect(src.cancelled()).toBe(true);
    }
  });

  it('is refused for ten parallel 64 MB chunked bodies to anonymous routes, each read only to the limit', async () => {
    const sources = Array.from({ length: 10 }, () => byteSource(64 * MB));
    const answers = await Promise.all(sources.map((s, i) => send(i % 2 ? signup : '/sys/login', s.stream).then((r) => r.status)));
    expect(answers).toEqual(Array(10).fill(413));
    for (const s of sources) expect(s.pulled()).toBeLessThanOrEqual(READ_AT_MOST);
    // 640 MB offered; about 10 MB read.
    expect(sources.reduce((n, s) => n + s.pulled(), 0)).toBeLessThan(12 * MB);
  });

  it('is refused through the BFF too (the body streamed on to the backend in process)', async () => {
    const bff = createBff((path, init) => be.fetch(new Request(`http://embedded${path}`, init)), { sessionSecret: 'y'.repeat(40), cookieSecure: false, casUrl: null, trustProxy: false, allowedOrigins: [] });
    const src = byteSource(64 * MB);
    const init: Init = { method: 'POST', headers: { host: 'app.test', origin: 'http://app.test', 'content-type': 'application/json' }, body: src.stream, duplex: 'half' };
    const res = await bff(new Request('http://app.test/jeecg-boot/sys/login', init), ['sys', 'login']);
    expect(res.status).toBe(413);
    expect(await json(res)).toMatchObject(TOO_LARGE);
    expect(src.pulled()).toBeLessThanOrEqual(READ_AT_MOST);
  });
});

describe('a body within the limit', () => {
  it('still signs in: JSON, chunked JSON and an urlencoded form', async () => {
    const body = JSON.stringify({ username: 'admin', password: 'jiaowu2026' });
    expect(await json(await send('/sys/login', body))).toMatchObject({ success: true, code: 200 });
    expect(await json(await send('/sys/login', chunked(body)))).toMatchObject({ success: true, code: 200 });
    const form = await send('/sys/login', 'username=admin&password=jiaowu2026', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(await json(form)).toMatchObject({ success: true, code: 200 });
  });

  it('still signs up on the brochure, and exactly the limit is not refused', async () => {
    expect(await json(await send(signup, chunked(JSON.stringify({ name: '限长', phone: '13600009999' }))))).toMatchObject({ success: true });
    const exact = byteSource(LIMIT);
    const res = await send('/sys/login', exact.stream);
    // Read whole and handed on: the handler's own answer (not JSON), no 413.
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('请求数据格式错误');
    expect(exact.pulled()).toBe(LIMIT);
  });
});

describe('the Excel import keeps its own limit', () => {
  const importExcel = (body: BodyInit, headers: Record<string, string> = {}) => send('/sys/dict/importExcel', body, { 'x-access-token': admin, ...headers });

  it('takes a 2 MB file past the 1 MB JSON limit to its own checks', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(2 * MB)]), 'big.xlsx');
    const res = await importExcel(form);
    // Read whole and checked by the importer: 2 MB of zeros is no workbook.
    expect(res.status).toBe(200);
    expect((await json(res)).message).toBe('文件格式不正确，请上传 Excel 文件');
  });

  it('refuses a chunked 64 MB import with its own message once past 20 MB, not reading on', async () => {
    const src = byteSource(64 * MB);
    const res = await importExcel(src.stream, { 'content-type': 'multipart/form-data; boundary=x' });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toMatch(/^文件大小超出20MB限制/);
    expect(src.pulled()).toBeLessThanOrEqual(21 * MB + 2 * 64 * 1024);
    expect(src.cancelled()).toBe(true);
  });
});

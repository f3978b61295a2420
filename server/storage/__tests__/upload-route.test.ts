/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { UPLOAD_MESSAGES } from '../../../lib/upload/rules';
import { FORBIDDEN_TYPE_MESSAGE, sniffUpload } from '../upload-checks';
import type { Envelope } from '../../../lib/envelope';

let backend: TestBackend;
let token: string;

beforeAll(async () => {
  backend = await startTestBackend();
  token = await backend.login('admin');
});
afterAll(async () => {
  await backend.close();
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Body = Envelope;

async function upload(name: string, data: Buffer | Uint8Array, fields: Record<string, string> = {}, withToken = true): Promise<{ status: number; body: Body }> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const headers = new Headers({ 'x-jiaowu-client-ip': '10.0.0.1' });
  if (withToken) headers.set('X-Access-Token', token);
  const res = await backend.fetch(new Request('http://backend/sys/common/upload', { method: 'POST', body: form, headers }));
  return { status: res.status, body: (await res.json()) as Body };
}

const uploadRoot = () => (backend.storage as unknown as { root: string }).root;
const filesUnder = (biz: string) => {
  const dir = path.join(uploadRoot(), biz);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('POST /sys/common/upload', () => {
  it('needs a session', async () => {
    const r = await upload('a.pdf', PDF, {}, false);
    expect(r.status).toBe(401);
  });

  it('stores under a generated name in biz and answers the path in message and result', async () => {
    const r = await upload('课程大纲.pdf', PDF, { biz: 'material' });
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    expect(r.body.message).toMatch(/^material\/[a-z0-9]+_[0-9a-f]{24}\.pdf$/);
    expect(r.body.result).toBe(r.body.message);
    expect(await backend.storage!.exists(r.body.message)).toBe(true);
  });

  it('defaults biz to temp (isup=1 from grid cells)', async () => {
    const r = await upload('a.txt', Buffer.from('hello'), { isup: '1' });
    expect(r.body.message).toMatch(/^temp\//);
  });

  it('refuses a biz with traversal', async () => {
    const r = await upload('a.txt', Buffer.from('hello'), { biz: '../etc' });
    expect(r.body).toMatchObject({ success: false, message: '文件路径不合法' });
  });

  it('refuses forbidden name characters with the spec message', async () => {
    for (const name of ['a:b.txt', 'a*b.txt', 'a?.txt', 'a,b.txt', 'a<b.txt', "a'b.txt", 'a"b.txt', 'a\\b.txt']) {
      const r = await upload(name, Buffer.from('x'));
      expect([name, r.body.success, r.body.message]).toEqual([name, false, UPLOAD_MESSAGES.badName]);
    }
  });

  it('refuses renamed html, svg, xml with script, javascript and executables by content', async () => {
    const cases: [string, Buffer][] = [
      ['page.txt', Buffer.from('<!DOCTYPE html><html><body>hi</body></html>')],
      ['page.pdf', Buffer.from('\n  <html><script>alert(1)</script>')],
      ['pic.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['data.txt', Buffer.from('<?xml version="1.0"?><root><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script></root>')],
      ['utf16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><script>1</script>', 'utf16le')])],
      ['app.txt', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
      ['lib.doc', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(60)])],
      ['mac.jpg', Buffer.concat([Buffer.from([0xcf, 0xfa, 0xed, 0xfe]), Buffer.alloc(60)])],
      ['run.txt', Buffer.from('#!/bin/sh\nrm -rf /\n')],
      ['code.txt', Buffer.from('function f() { document.cookie }\n')],
      ['x.svg', PNG],
      ['x.html', Buffer.from('plain')],
      ['x.exe', Buffer.from('plain')],
    ];
    for (const [name, data] of cases) {
      const r = await upload(name, data);
      expect([name, r.body.success, r.body.message]).toEqual([name, false, FORBIDDEN_TYPE_MESSAGE]);
    }
  });

  it('lets plain text and real images through', async () => {
    expect((await upload('notes.txt', Buffer.from('上课时间：周一 8:00 <b>不是页面</b>'))).body.success).toBe(true);
    expect((await upload('a.png', PNG)).body.success).toBe(true);
  });

  it('type=image refuses non-images (by name and by content); type=file refuses images', async () => {
    expect((await upload('a.pdf', PDF, { type: 'image' })).body.message).toBe(UPLOAD_MESSAGES.imageOnly);
    expect((await upload('fake.png', Buffer.from('just text'), { type: 'image' })).body.message).toBe(FORBIDDEN_TYPE_MESSAGE);
    expect((await upload('a.png', PNG, { type: 'image' })).body.success).toBe(true);
    expect((await upload('a.png', PNG, { type: 'file' })).body.message).toBe(UPLOAD_MESSAGES.fileOnly);
    expect((await upload('x.png', PNG, { type: 'other' })).body.success).toBe(false);
  });

  it('kind applies the material rules: format, content and size', async () => {
    expect((await upload('a.exe', Buffer.from('x'), { kind: 'document' })).body.message).toBe(UPLOAD_MESSAGES.badFormat);
    expect((await upload('a.pdf', PDF, { kind: 'image' })).body.message).toBe(UPLOAD_MESSAGES.badFormat);
    expect((await upload('a.pdf', Buffer.from('not a pdf at all'), { kind: 'document' })).body.message).toBe(FORBIDDEN_TYPE_MESSAGE);
    expect((await upload('a.pdf', PDF, { kind: 'document', biz: 'kindtest' })).body.success).toBe(true);
    const before = filesUnder('bigpng').length;
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const r = await upload('big.png', big, { kind: 'image', biz: 'bigpng' });
    expect(r.body).toMatchObject({ success: false, message: UPLOAD_MESSAGES.image });
    // Nothing (not even a partial file) is left behind.
    expect(filesUnder('bigpng').length).toBe(before);
  });

  it('streams and cuts a file over 200 MB off with 文件大小不能大于200MB', async () => {
    const boundary = 'jwBoundary7MA4YWxk';
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const total = 201 * 1024 * 1024;
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(ctrl) {
        ctrl.enqueue(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nhuge\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`));
      },
      pull(ctrl) {
        if (sent >= total) {
          ctrl.enqueue(enc.encode(`\r\n--${boundary}--\r\n`));
          ctrl.close();
          return;
        }
        ctrl.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const headers = new Headers({ 'x-jiaowu-client-ip': '10.0.0.1', 'X-Access-Token': token, 'content-type': `multipart/form-data; boundary=${boundary}` });
    const res = await backend.fetch(new Request('http://backend/sys/common/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: false, message: UPLOAD_MESSAGES.tooLarge });
    expect(filesUnder('huge')).toEqual([]);
  });

  it('answers 上传失败！ without a file part', async () => {
    const form = new FormData();
    form.append('biz', 'temp');
    const res = await backend.fetch(new Request('http://backend/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
    expect(await res.json()).toMatchObject({ success: false, message: '上传失败！' });
  });
});

describe('sniffUpload', () => {
  it('does not mistake binary formats for markup', () => {
    expect(sniffUpload('a.pdf', PDF)).toBeNull();
    expect(sniffUpload('a.docx', Buffer.from('PK\u0003\u0004<html>'))).toBeNull();
  });
});

describe('GET /sys/common/static and /sys/common/download', () => {
  function get(p: string): Promise<Response> {
    return backend.fetch(new Request(`http://backend${p}`, { headers: { 'X-Access-Token': token, 'x-jiaowu-client-ip': '10.0.0.1' } }));
  }

  it('refuses traversal on both routes', async () => {
    for (const base of ['/sys/common/static/', '/sys/common/download/']) {
      for (const evil of ['..%2f..%2fetc%2fpasswd', '%2e%2e%2fetc%2fpasswd', 'temp%5C..%5C..%5Cx', '%2Fetc%2Fpasswd', 'C%3A%5Cwindows%5Cwin.ini']) {
        const res = await get(`${base}${evil}`);
        expect([base, evil, res.status]).toEqual([base, evil, 400]);
      }
      for (const evil of ['%2e%2e/%2e%2e/etc/passwd', '../../etc/passwd']) {
        expect((await get(`${base}${evil}`)).status).not.toBe(200);
      }
    }
  });

  it('static shows raster images inline; svg and html stored by the system go out as attachments with nosniff', async () => {
    const png = await backend.storage!.put(PNG, { biz: 'temp', originalName: 'a.png' });
    const svg = await backend.storage!.put(Buffer.from('<svg/>'), { biz: 'temp', originalName: 'a.svg' });
    const html = await backend.storage!.put(Buffer.from('<html></html>'), { biz: 'temp', originalName: 'a.html' });
    const img = await get(`/sys/common/static/${png.path}`);
    expect(img.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(img.headers.get('content-type')).toBe('image/png');
    for (const p of [svg.path, html.path]) {
      const res = await get(`/sys/common/static/${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      expect(res.headers.get('content-type')).toBe('application/octet-stream');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      await res.arrayBuffer();
    }
    const dl = await get(`/sys/common/download/${png.path}`);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(dl.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await dl.arrayBuffer()).equals(PNG)).toBe(true);
    await img.arrayBuffer();
  });

  it('download answers 404 for a missing file', async () => {
    const res = await get('/sys/common/download/temp/none.pdf');
    expect(res.status).toBe(404);
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { staticPathOf } from '../../system/common-routes';

let backend: TestBackend;
let token: string;
let stored: string;
const content = '学生名单\n张三,李四\n';

beforeAll(async () => {
  backend = await startTestBackend();
  token = await backend.login('admin');
  stored = (await backend.storage.put(Buffer.from(content), { biz: 'temp', originalName: '名单.txt' })).path;
});
afterAll(async () => {
  const root = (backend.storage as { root?: string }).root;
  await backend.close();
  // The in-memory backend's upload dir goes away with it.
  if (root) expect(fs.existsSync(root)).toBe(false);
});

function get(path: string, withToken = true): Promise<Response> {
  const headers = new Headers({ 'x-jiaowu-client-ip': '10.0.0.1' });
  if (withToken) headers.set('X-Access-Token', token);
  return backend.fetch(new Request(`http://backend${path}`, { headers }));
}

describe('GET /sys/common/static/**', () => {
  it('needs a session (not anonymous, unlike JeecgBoot)', async () => {
    const res = await get(`/sys/common/static/${stored}`, false);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { code: number }).code).toBe(401);
  });

  it('streams the file as an attachment with a sensible type', async () => {
    const res = await get(`/sys/common/static/${stored}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(content);
    const name = stored.split('/')[1];
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${name}`);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(content)));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('trims one trailing comma (multi-file values)', async () => {
    const res = await get(`/sys/common/static/${stored},`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(content);
  });

  it('answers 404 with the envelope for a missing file', async () => {
    const res = await get('/sys/common/static/temp/nothing_here.txt');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 404, message: '文件不存在' });
  });

  it('refuses traversal, plain and percent-encoded', async () => {
    for (const evil of ['..%2F..%2Fpackage.json', '%2e%2e%2f%2e%2e%2fpackage.json', '%2E%2E%2Fetc%2Fpasswd', 'temp%2F..%2F..%2Fx', '%2Fetc%2Fpasswd', 'temp%5C..%5Cx', 'a%00b']) {
      const res = await get(`/sys/common/static/${evil}`);
      expect([res.status, evil]).toEqual([400, evil]);
      expect(await res.json()).toMatchObject({ success: false, message: '文件路径不合法' });
    }
    // Unencoded dot segments are resolved by the URL parser before routing: never our file tree.
    for (const evil of ['../../package.json', '%2e%2e/%2e%2e/package.json']) {
      const res = await get(`/sys/common/static/${evil}`);
      expect(res.status).not.toBe(200);
    }
  });

  it('extracts the stored path from the raw URL, also under a base path', () => {
    expect(staticPathOf('http://h/jeecg-boot/sys/common/static/temp/a%20b.png,')).toBe('temp/a b.png');
    expect(staticPathOf('http://h/sys/common/static/%E4%B8%AD.txt?x=1')).toBe('中.txt');
    expect(staticPathOf('http://h/sys/common/static/%E4%B8')).toBeNull();
  });
});

/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { openBackendStorage } from '../backend-storage';
import { contentDisposition, contentTypeFor } from '../download-headers';
import { LocalFileStorage } from '../local';
import { normaliseStoredPath, safeExtension, StorageError } from '../storage';

let root: string;
let storage: LocalFileStorage;

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-storage-'));
  storage = new LocalFileStorage(path.join(root, 'upload'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

async function text(p: string): Promise<string> {
  const opened = await storage.open(p);
  const chunks: Buffer[] = [];
  for await (const c of opened!.stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('LocalFileStorage', () => {
  it('stores under generated names, keeping only a sanitised extension', async () => {
    const a = await storage.put(Buffer.from('hello'), { biz: 'temp', originalName: '../../学生名单 (1).XLSX' });
    const b = await storage.put(Buffer.from('hello'), { biz: 'temp', originalName: '../../学生名单 (1).XLSX' });
    expect(a.path).toMatch(/^temp\/[a-z0-9]+_[0-9a-f]{24}\.xlsx$/);
    expect(a.path).not.toBe(b.path);
    expect(a.path).not.toContain('学生');
    expect(a.size).toBe(5);
    expect((await storage.put(Buffer.from('x'), { originalName: 'evil.php%00.jpg;.html ' })).path).toMatch(/^temp\/[a-z0-9]+_[0-9a-f]{24}$/);
    expect((await storage.put(Buffer.from('x'), { biz: 'user/avatar', originalName: 'noext' })).path).toMatch(/^user\/avatar\/[^.]+$/);
    expect(safeExtension('a.tar.gz')).toBe('.gz');
    expect(safeExtension('a.')).toBe('');
    expect(safeExtension('a.verylongextension')).toBe('');
  });

  it('writes streams, opens with size, and removes', async () => {
    const stored = await storage.put(Readable.from([Buffer.from('第一段'), Buffer.from('第二段')]), { biz: 'import-errors', originalName: 'r.xlsx' });
    expect(stored.size).toBe(Buffer.byteLength('第一段第二段'));
    expect(await storage.exists(stored.path)).toBe(true);
    const opened = (await storage.open(stored.path))!;
    expect(opened.size).toBe(stored.size);
    opened.stream.destroy();
    expect(await text(stored.path)).toBe('第一段第二段');
    // No temporary leftovers next to it.
    expect(fs.readdirSync(path.join(storage.root, 'import-errors'))).toEqual([stored.path.split('/')[1]]);
    await storage.remove(stored.path);
    expect(await storage.exists(stored.path)).toBe(false);
    expect(await storage.open(stored.path)).toBeNull();
    await expect(storage.remove(stored.path)).resolves.toBeUndefined();
  });

  it('refuses bad biz folders', async () => {
    for (const biz of ['../x', 'a/../b', 'a//b', 'a\\b', 'a b', '..', '.hidden']) {
      await expect(storage.put(Buffer.from('x'), { biz })).rejects.toBeInstanceOf(StorageError);
    }
    // Outer slashes are dropped, an empty biz means JeecgBoot's default `temp`.
    expect((await storage.put(Buffer.from('x'), { biz: '/abs/' })).path).toMatch(/^abs\//);
    expect((await storage.put(Buffer.from('x'), { biz: ' ' })).path).toMatch(/^temp\//);
  });

  it('refuses paths that could leave the root', async () => {
    fs.writeFileSync(path.join(root, 'secret.txt'), 'secret');
    const bad = ['../secret.txt', 'temp/../../secret.txt', '/etc/passwd', 'C:/x', 'temp\\..\\x', 'temp//x', './x', 'temp/.part-1', 'a\0b', ''];
    for (const p of bad) {
      expect(() => normaliseStoredPath(p)).toThrow(StorageError);
      await expect(storage.open(p)).rejects.toBeInstanceOf(StorageError);
      await expect(storage.exists(p)).rejects.toBeInstanceOf(StorageError);
    }
    // A symlink inside the root that points outside it is refused too.
    fs.mkdirSync(storage.root, { recursive: true });
    fs.symlinkSync(path.join(root, 'secret.txt'), path.join(storage.root, 'link.txt'));
    await expect(storage.open('link.txt')).rejects.toBeInstanceOf(StorageError);
    // Directories are not files.
    await storage.put(Buffer.from('x'), { biz: 'dir' });
    expect(await storage.open('dir')).toBeNull();
  });
});

describe('openBackendStorage', () => {
  it('uses DATA_DIR/upload, or a temp dir removed on close in memory mode', async () => {
    const persistent = openBackendStorage(root);
    expect(persistent.storage.root).toBe(path.join(root, 'upload'));
    const memory = openBackendStorage(root, true);
    expect(memory.storage.root.startsWith(os.tmpdir())).toBe(true);
    await memory.storage.put(Buffer.from('x'), {});
    await memory.close();
    expect(fs.existsSync(memory.storage.root)).toBe(false);
  });
});

describe('download headers', () => {
  it('sends UTF-8 names and safe content types', () => {
    expect(contentDisposition('错误 报告.xlsx')).toBe(`attachment; filename="__ __.xlsx"; filename*=UTF-8''%E9%94%99%E8%AF%AF%20%E6%8A%A5%E5%91%8A.xlsx`);
    expect(contentDisposition('a"b\r\n.txt')).toBe(`attachment; filename="a_b__.txt"; filename*=UTF-8''a_b__.txt`);
    expect(contentTypeFor('a.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(contentTypeFor('a.png')).toBe('image/png');
    expect(contentTypeFor('a.html')).toBe('application/octet-stream');
    expect(contentTypeFor('a.svg')).toBe('application/octet-stream');
  });
});

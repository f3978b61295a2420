import { uploadList } from '@/lib/upload/upload-list-store';
import { pathOfAnswer, uploadFile } from '../upload-file';

const sliced = jest.fn(async () => ({ path: 'temp/big.mp4' }));
jest.mock('../sliced-upload', () => ({ uploadSliced: (...args: unknown[]) => (sliced as (...a: unknown[]) => unknown)(...args) }));

/** A minimal XMLHttpRequest that answers `answer` and records the request. */
class FakeXhr {
  static answer = '';
  static status = 200;
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = FakeXhr.status;
      this.responseText = FakeXhr.answer;
      this.onload?.();
    }, 0);
  }
  abort() {
    this.onabort?.();
  }
}

beforeAll(() => {
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterEach(() => uploadList.reset());

const file = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('uploadFile', () => {
  it('posts biz/type/kind before the file to the BFF and reads the path from message', async () => {
    FakeXhr.answer = JSON.stringify({ success: true, code: 200, message: 'material/a_1.pdf', result: 'material/a_1.pdf' });
    const progress: number[] = [];
    const r = await uploadFile(file('a.pdf', 10), { biz: 'material', kind: 'document', onProgress: (f) => progress.push(f) });
    expect(r).toEqual({ path: 'material/a_1.pdf' });
    expect(FakeXhr.last!.url).toBe('/jeecg-boot/sys/common/upload');
    expect([...FakeXhr.last!.body!.keys()]).toEqual(['biz', 'kind', 'file']);
    expect(progress).toEqual([0.5, 1]);
  });

  it('rejects with the server message and marks the upload list item failed', async () => {
    FakeXhr.answer = JSON.stringify({ success: false, code: 500, message: '不允许上传该类型的文件', result: null });
    await expect(uploadFile(file('a.txt', 10))).rejects.toThrow('不允许上传该类型的文件');
  });

  it('delegates files over 20 MB to the sliced upload', async () => {
    const r = await uploadFile(file('big.mp4', 21 * 1024 * 1024), { biz: 'material' });
    expect(r).toEqual({ path: 'temp/big.mp4' });
    expect(sliced).toHaveBeenCalledWith(expect.any(File), expect.objectContaining({ biz: 'material' }));
  });

  it('reads responseName first, then message, then result', () => {
    expect(pathOfAnswer({ success: true, code: 0, message: 'm', result: 'r', url: 'u' }, 'url')).toBe('u');
    expect(pathOfAnswer({ success: true, code: 0, message: '', result: 'r' })).toBe('r');
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App, Form } from 'antd';
import { UploadCell } from '../upload-cell';
import { canSave, FileDialog } from '../file-dialog';
import { FilePopup } from '../file-popup';
import { MaterialUpload } from '../material-upload';

type Pending = { file: File; opts: { onProgress?: (f: number) => void; type?: string; kind?: string }; resolve: (v: { path: string }) => void; reject: (e: Error) => void };
const pending: Pending[] = [];

jest.mock('@/lib/upload/upload-file', () => ({
  uploadFile: (file: File, opts: Pending['opts']) =>
    new Promise<{ path: string }>((resolve, reject) => {
      pending.push({ file, opts, resolve, reject });
    }),
}));

beforeEach(() => {
  pending.length = 0;
});

const wrap = (ui: React.ReactElement) => render(<App>{ui}</App>);
const file = (name: string, size = 10) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const choose = (testId: string, ...files: File[]) => fireEvent.change(screen.getByTestId(testId), { target: { files } });

describe('UploadCell', () => {
  it('shows 点击上传 when empty, then uploading (percent) → done, contributing only done paths', async () => {
    const onChange = jest.fn();
    wrap(<UploadCell kind="file" number={2} onChange={onChange} />);
    expect(screen.getByTestId('upload-cell-button').textContent).toContain('点击上传');
    choose('upload-cell-input', file('a.pdf'), file('b.pdf'));
    const items = screen.getAllByTestId('upload-cell-item');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['uploading', 'uploading']);
    expect(pending[0].opts.type).toBe('file');
    act(() => pending[0].opts.onProgress?.(0.42));
    expect(screen.getAllByTestId('upload-cell-item')[0].textContent).toContain('42%');
    await act(async () => pending[0].resolve({ path: 'temp/a_1.pdf' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('temp/a_1.pdf'));
    await act(async () => pending[1].reject(new Error('')));
    const errorItem = screen.getAllByTestId('upload-cell-item')[1];
    expect(errorItem.getAttribute('data-status')).toBe('error');
    // No message from the server: 未知错误.
    expect(errorItem.textContent).toContain('未知错误');
    expect(onChange).toHaveBeenLastCalledWith('temp/a_1.pdf');
  });

  it('opens 上传出错 with 错误信息 when the error icon is clicked', async () => {
    wrap(<UploadCell kind="image" />);
    choose('upload-cell-input', file('a.png'));
    await act(async () => pending[0].reject(new Error('不允许上传该类型的文件')));
    fireEvent.click(screen.getByTestId('upload-cell-error'));
    expect(await screen.findByText('上传出错')).toBeTruthy();
    expect(screen.getByTestId('upload-cell-error-text').textContent).toBe('错误信息: 不允许上传该类型的文件');
  });

  it('refuses by the client rules without uploading (image-only → 请上传图片)', () => {
    wrap(<UploadCell kind="image" />);
    choose('upload-cell-input', file('a.pdf'));
    expect(pending).toHaveLength(0);
    const item = screen.getByTestId('upload-cell-item');
    expect(item.getAttribute('data-status')).toBe('error');
    expect(item.textContent).toContain('请上传图片');
  });

  it('shows a filled value with the menu, and hides the button when upload is not allowed', () => {
    const { unmount } = wrap(<UploadCell kind="file" value="temp/课程资料大纲.pdf" />);
    const item = screen.getByTestId('upload-cell-item');
    expect(item.getAttribute('data-path')).toBe('temp/课程资料大纲.pdf');
    expect(item.textContent).toContain('课程资料大…');
    expect(screen.getByTestId('upload-cell-menu')).toBeTruthy();
    unmount();
    wrap(<UploadCell kind="file" allowUpload={false} allowDownload={false} allowRemove={false} value="temp/a.pdf" />);
    expect(screen.queryByTestId('upload-cell-menu')).toBeNull();
    wrap(<UploadCell kind="file" allowUpload={false} />);
    expect((screen.getByTestId('upload-cell-button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps the last N files when number > 0', async () => {
    const onChange = jest.fn();
    wrap(<UploadCell kind="upload" number={2} value="temp/1.txt" onChange={onChange} />);
    choose('upload-cell-input', file('b.txt'), file('c.txt'));
    expect(screen.getAllByTestId('upload-cell-item')).toHaveLength(2);
    await act(async () => {
      pending[0].resolve({ path: 'temp/b.txt' });
      pending[1].resolve({ path: 'temp/c.txt' });
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('temp/b.txt,temp/c.txt'));
  });
});

describe('FileDialog', () => {
  it('canSave: not while active, not with neither file nor link', () => {
    expect(canSave([], '')).toBe(false);
    expect(canSave([], 'https://x/a.png')).toBe(true);
    expect(canSave([{ uid: '1', name: 'a', status: 'active', percent: 0 }], 'https://x')).toBe(false);
    expect(canSave([{ uid: '1', name: 'a', status: 'exception', percent: 0 }], '')).toBe(false);
    expect(canSave([{ uid: '1', name: 'a', status: 'success', percent: 100, src: 'p' }], '')).toBe(true);
  });

  it('title 插入图片; 保存 disabled until the upload succeeds; returns the stored path', async () => {
    const onSave = jest.fn();
    wrap(<FileDialog open onClose={() => undefined} onSave={onSave} />);
    expect(screen.getByText('插入图片')).toBeTruthy();
    expect(screen.getByText('本地上传')).toBeTruthy();
    expect(screen.getByText('复制链接')).toBeTruthy();
    const save = () => screen.getByTestId('file-dialog-ok') as HTMLButtonElement;
    expect(save().disabled).toBe(true);
    choose('file-dialog-file', file('a.png'));
    expect(screen.getByTestId('file-dialog-item').getAttribute('data-status')).toBe('active');
    expect(save().disabled).toBe(true);
    await act(async () => pending[0].resolve({ path: 'editor/a_1.png' }));
    expect(screen.getByTestId('file-dialog-item').getAttribute('data-status')).toBe('success');
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    expect(onSave).toHaveBeenCalledWith(['editor/a_1.png'], { paths: ['editor/a_1.png'], link: undefined });
  });

  it('refuses a gif or an oversized image as exception items, leaving 保存 disabled', () => {
    wrap(<FileDialog open onClose={() => undefined} onSave={() => undefined} />);
    choose('file-dialog-file', file('a.gif'));
    const item = screen.getByTestId('file-dialog-item');
    expect(item.getAttribute('data-status')).toBe('exception');
    choose('file-dialog-file', file('b.png', 6 * 1024 * 1024));
    expect(screen.getByTestId('file-dialog-item').textContent).toContain('文件大小不能大于 5 MB');
    expect((screen.getByTestId('file-dialog-ok') as HTMLButtonElement).disabled).toBe(true);
    expect(pending).toHaveLength(0);
  });

  it('copy-link mode enables 保存 with a link', () => {
    const onSave = jest.fn();
    wrap(<FileDialog open onClose={() => undefined} onSave={onSave} />);
    fireEvent.click(screen.getByText('复制链接'));
    fireEvent.change(screen.getByTestId('file-dialog-input'), { target: { value: 'https://img.example.com/a.png' } });
    const save = screen.getByTestId('file-dialog-ok') as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(['https://img.example.com/a.png'], { paths: [], link: 'https://img.example.com/a.png' });
  });

  it('refuses a link that is not http(s) with the message', () => {
    const onSave = jest.fn();
    wrap(<FileDialog open onClose={() => undefined} onSave={onSave} />);
    fireEvent.click(screen.getByText('复制链接'));
    fireEvent.change(screen.getByTestId('file-dialog-input'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('file-dialog-ok'));
    expect(screen.getByTestId('file-dialog-error').textContent).toBe('请输入以 http:// 或 https:// 开头的链接');
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('FilePopup', () => {
  it('OK with nothing uploaded says 未上传任何文件', async () => {
    const onOk = jest.fn();
    wrap(<FilePopup open onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('未上传任何文件')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('returns name, url, path (comma list), status done and an id', async () => {
    const onOk = jest.fn();
    wrap(<FilePopup open onOk={onOk} onCancel={() => undefined} />);
    const body = screen.getByTestId('file-popup-body');
    fireEvent.change(within(body).getByTestId('upload-cell-input'), { target: { files: [file('a.pdf')] } });
    await act(async () => pending[0].resolve({ path: 'temp/a_1.pdf' }));
    await waitFor(() => expect(within(body).getByTestId('upload-cell-item').getAttribute('data-status')).toBe('done'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onOk).toHaveBeenCalledWith(expect.objectContaining({ name: 'a_1.pdf', url: '/jeecg-boot/sys/common/static/temp/a_1.pdf', path: 'temp/a_1.pdf', status: 'done', id: expect.any(String) }));
  });
});

describe('UploadCell toasts', () => {
  it('names the file: <name>上传成功! and <name>上传失败. (spec 02 §8)', async () => {
    wrap(<UploadCell kind="file" number={2} onChange={jest.fn()} />);
    choose('upload-cell-input', file('a.pdf'), file('b.pdf'));
    await act(async () => pending[0].resolve({ path: 'temp/a_1.pdf' }));
    expect(await screen.findByText('a.pdf上传成功!')).toBeTruthy();
    await act(async () => pending[1].reject(new Error('服务器拒绝')));
    expect(await screen.findByText('b.pdf上传失败.')).toBeTruthy();
  });
});

describe('MaterialUpload', () => {
  it('refuses a 3 MB png and an exe with the spec messages, uploads a pdf as a document', async () => {
    const onChange = jest.fn();
    wrap(<MaterialUpload kind="image" onChange={onChange} />);
    choose('material-upload-input', file('big.png', 3 * 1024 * 1024));
    expect(screen.getByTestId('material-upload-error').textContent).toBe('上传图片失败，请先压缩图片大小到2M以内');
    choose('material-upload-input', file('a.exe'));
    expect(screen.getByTestId('material-upload-error').textContent).toBe('错误的文件格式');
    expect(pending).toHaveLength(0);
  });

  it('uploads with the kind and reports the stored path', async () => {
    const onChange = jest.fn();
    wrap(<MaterialUpload kind="document" onChange={onChange} />);
    choose('material-upload-input', file('lesson.pdf'));
    expect(pending[0].opts.kind).toBe('document');
    await act(async () => pending[0].resolve({ path: 'material/x.pdf' }));
    expect(onChange).toHaveBeenCalledWith('material/x.pdf', 'lesson.pdf');
  });

  it('shows the uploaded file by its own name, not the generated storage name (issue #21)', () => {
    wrap(<MaterialUpload kind="document" value="material/20260301_a1b2c3.pdf" fileName="第一课 讲义.pdf" onChange={jest.fn()} />);
    expect(screen.getByTestId('material-upload-value').textContent).toBe('第一课 讲义.pdf');
  });

  it('keeps every native file input out of sight inside a Form, where antd gives them display:block (issue #21)', () => {
    render(
      <App>
        <Form>
          <MaterialUpload kind="document" onChange={jest.fn()} />
          <UploadCell kind="file" value="" onChange={jest.fn()} />
        </Form>
      </App>,
    );
    for (const id of ['material-upload-input', 'upload-cell-input']) expect((screen.getByTestId(id) as HTMLInputElement).style.display).toBe('none');
  });

  it('toasts <name>上传成功! and <name>上传失败. (spec 02 §8); the line under the button keeps the server reason', async () => {
    wrap(<MaterialUpload kind="document" onChange={jest.fn()} />);
    choose('material-upload-input', file('lesson.pdf'));
    await act(async () => pending[0].resolve({ path: 'material/x.pdf' }));
    expect(await screen.findByText('lesson.pdf上传成功!')).toBeTruthy();
    choose('material-upload-input', file('notes.pdf'));
    await act(async () => pending[1].reject(new Error('不允许上传该类型的文件')));
    expect(await screen.findByText('notes.pdf上传失败.')).toBeTruthy();
    expect(screen.getByTestId('material-upload-error').textContent).toBe('不允许上传该类型的文件');
  });
});

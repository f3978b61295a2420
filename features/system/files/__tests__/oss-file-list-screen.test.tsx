import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { uploadFile } from '@/lib/upload/upload-file';
import { UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import OssFileListScreen from '../oss-file-list-screen';

/** 文件管理's own cells and upload: 使用位置 / 已丢失 / size, the upload checks before anything is sent. */

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/ossFile' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/lib/upload/upload-file', () => ({ uploadFile: jest.fn() }));
const get = http.get as jest.Mock;
const upload = uploadFile as jest.Mock;

const ROWS = [
  { id: 'f1', fileName: '开学照片.png', url: 'editor/a.png', fileType: 'image', fileSize: 1536, createBy: 'admin', usedBy: '课程资料：开学照片', missing: false },
  { id: 'f2', fileName: '旧文件.zip', url: 'temp/b.zip', fileType: 'archive', fileSize: 10, createBy: null, usedBy: '', missing: true },
];

it('shows where a file is used, a lost file, sizes; uploads only a file the rules accept, into oss', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/sys/oss/file/list' ? page(ROWS, 2) : page([], 0)));
  upload.mockResolvedValue({ path: 'oss/c.txt' });
  render(<OssFileListScreen />, { wrapper: wrapper({ auth: [{ action: 'system:ossFile:upload', type: '1', describe: '上传文件' }] }) });
  const used = await screen.findByTestId('oss-file-used');
  const row1 = used.closest('tr')!;
  expect(row1.textContent).toContain('课程资料：开学照片');
  expect(row1.textContent).toContain('1.5 KB');
  expect(within(row1).getByTestId('oss-preview-f1')).toBeTruthy();
  const row2 = screen.getByText('旧文件.zip').closest('tr')!;
  expect(row2.textContent).toContain('已丢失');
  expect(row2.textContent).toContain('未使用');
  expect(within(row2).queryByTestId('oss-download-f2')).toBeNull();

  const input = screen.getByTestId('oss-upload-input');
  fireEvent.change(input, { target: { files: [new File(['x'], 'a,b.txt')] } });
  expect(await screen.findByText(UPLOAD_MESSAGES.badName)).toBeTruthy();
  expect(upload).not.toHaveBeenCalled();
  fireEvent.change(input, { target: { files: [new File(['x'], '课表.txt')] } });
  await waitFor(() => expect(upload).toHaveBeenCalledWith(expect.objectContaining({ name: '课表.txt' }), { biz: 'oss' }));
  expect(await screen.findByText(UPLOAD_MESSAGES.uploaded('课表.txt'))).toBeTruthy();
});

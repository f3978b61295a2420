import { createElement, type ComponentType, type ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { page } from '@/components/data/list/__tests__/helpers';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import { ApiError, http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import WorkPreviewScreen from '../work-preview-screen';
import WorkViewScreen from '../work-view-screen';
import { WORK_MESSAGES, WORK_RULES } from '../work-resource';

/** 学员作品's gallery and page (issue #26 item 4): own vs others' works, filters, the upload's checks, the page's refusal. */

let search = new URLSearchParams();
jest.mock('next/navigation', () => ({ usePathname: () => '/work/workpreview', useSearchParams: () => search, useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/lib/upload/upload-file', () => ({ uploadFile: jest.fn() }));
const get = http.get as jest.Mock;

const entry = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const TEACHER_CODES = [PERMS.studentWork.list, PERMS.studentWork.add, PERMS.studentWork.edit, PERMS.studentWork.delete].map(entry);
const Shell = ShellProvider as ComponentType<{ value: ShellData; children?: ReactNode }>;

/** The list helpers' wrapper, with a signed-in teacher2 (the gallery compares uploaders with the username). */
function wrapper({ children }: { children: ReactNode }) {
  const shell = { account: { userInfo: { username: 'teacher2' } }, menu: [], auth: TEACHER_CODES, allAuth: TEACHER_CODES, systemTitle: '教务系统', homePath: '/' } as unknown as ShellData;
  return createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, createElement(ConfigProvider, { theme: { token: { motion: false } } }, createElement(Shell, { value: shell }, createElement(App, null, children))));
}

const WORKS = [
  { id: 'w1', title: '春天的画', fileKind: 'image', shared: true, createBy: 'teacher2', createBy_dictText: '周明', studentId_dictText: '小明', clazzId_dictText: '作品班', createTime: '2026-11-20 10:00:00' },
  { id: 'w2', title: '读书笔记', fileKind: 'pdf', shared: true, createBy: 'teacher', createBy_dictText: '李文静', studentId_dictText: '小红', createTime: '2026-11-19 10:00:00' },
];

beforeEach(() => {
  get.mockReset();
  window.sessionStorage.clear();
});

it('shows each work as a card; only one’s own offers 编辑 / 删除; 分享 gives the in-school link; filters go to the server', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/edu/studentWork/list' ? page(WORKS, 2) : page([], 0)));
  render(<WorkViewScreen />, { wrapper });
  const own = await screen.findByTestId('work-card-w1');
  expect(own.textContent).toContain('小明 · 作品班');
  expect(own.querySelector('img')!.getAttribute('src')).toBe('/jeecg-boot/edu/studentWork/file?id=w1');
  expect(screen.getByTestId('work-edit-w1')).toBeTruthy();
  expect(screen.getByTestId('work-delete-w1')).toBeTruthy();
  expect(screen.queryByTestId('work-edit-w2')).toBeNull();
  expect(screen.queryByTestId('work-delete-w2')).toBeNull();
  expect(screen.getByTestId('work-card-w2').querySelector('[data-testid="work-thumb-pdf"]')).toBeTruthy();

  fireEvent.click(screen.getByTestId('work-share-w2'));
  expect(((await screen.findByTestId('work-share-link')) as HTMLInputElement).value).toBe(`${window.location.origin}/work/workpreview?id=w2`);

  fireEvent.click(screen.getByTestId('work-filter-shared'));
  fireEvent.change(screen.getByTestId('work-filter-keyword'), { target: { value: '春天' } });
  fireEvent.click(screen.getByTestId('work-search-submit'));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('/edu/studentWork/list', expect.objectContaining({ shared: 'true', keyword: '春天', column: 'createTime', order: 'desc' })));
});

it('the upload refuses a wrong format and an image over 2 MB before sending anything', async () => {
  get.mockImplementation(() => Promise.resolve(page([], 0)));
  render(<WorkViewScreen />, { wrapper });
  fireEvent.click(await screen.findByTestId('work-add'));
  const input = (await screen.findByTestId('work-upload-input')) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(['x'], '作品.txt', { type: 'text/plain' })] } });
  expect((await screen.findByTestId('work-upload-error')).textContent).toBe(UPLOAD_MESSAGES.badFormat);
  const big = new File(['x'], '大图.png', { type: 'image/png' });
  Object.defineProperty(big, 'size', { value: WORK_RULES.image.maxBytes + 1 });
  fireEvent.change(input, { target: { files: [big] } });
  await waitFor(() => expect(screen.getByTestId('work-upload-error').textContent).toBe(WORK_RULES.image.message));
  expect(uploadFile).not.toHaveBeenCalled();
});

it('the work’s page says 没有权限查看 for a work the user may not see', async () => {
  search = new URLSearchParams('id=w9');
  get.mockRejectedValue(new ApiError(WORK_MESSAGES.noAccess, 403, 200));
  render(<WorkPreviewScreen />, { wrapper });
  expect((await screen.findByTestId('work-page-error')).textContent).toContain(WORK_MESSAGES.noAccess);
  expect(get).toHaveBeenCalledWith('/edu/studentWork/preview', { id: 'w9' });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import TeachTemplateEditorScreen from '../teach-template-editor-screen';
import TeachTemplateListScreen from '../teach-template-list-screen';

/**
 * 教学模板 (issue #22): the list names the course and counts the lessons, and 编辑 opens the full-page editor;
 * the editor loads the template and its lessons, refuses 保存 while a lesson number repeats (naming it), and
 * saves header and lessons in one request, saved lessons with their ids.
 */

const push = jest.fn();
jest.mock('next/navigation', () => ({
  usePathname: () => '/course/teachTemplateAddEdit',
  useSearchParams: () => new URLSearchParams('id=t1'),
  useRouter: () => ({ push, replace: jest.fn() }),
}));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: jest.fn(), status: 'open' }) }));
const get = http.get as jest.Mock;
const put = http.put as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });
const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['course:template:list', 'course:template:edit', 'course:template:apply'];
const TEMPLATE = { id: 't1', courseId: 'c1', courseId_dictText: '初一数学', name: '数学模板', status: 1, lessonCount: 2, updateTime: '2026-11-20 10:00:00' };

beforeEach(() => {
  get.mockImplementation((url: string) => {
    if (url === '/course/teachTemplate/list') return Promise.resolve(page([TEMPLATE], 1));
    if (url === '/course/teachTemplate/queryById') return ok({ id: 't1', courseId: 'c1', name: '数学模板', status: 1, remark: null });
    if (url === '/course/teachTemplate/queryTeachTemplateItemByMainId') return ok([{ id: 'L1', lessonNo: 1, title: '一' }, { id: 'L2', lessonNo: 2, title: '二', content: '<p>讲</p>' }]);
    if (url === '/course/chapter/tree') return ok([]);
    if (url === '/course/tblCourse/list') return Promise.resolve(page([{ id: 'c1', name: '初一数学' }], 1));
    return Promise.resolve(page([], 0));
  });
  put.mockResolvedValue({ success: true, code: 200, message: '编辑成功!', result: null });
});

const cell = (row: number, key: string) => screen.getByTestId(`grid-cell-${row}-${key}`);
const editCell = (row: number, key: string, value: string) => {
  fireEvent.click(cell(row, key));
  const input = within(cell(row, key)).getByTestId('grid-editor') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

it('refuses a repeated lesson number, then saves the template with its lessons and returns to the list', async () => {
  render(<TeachTemplateEditorScreen />, { wrapper: wrapper({ auth: CODES.map(perm), allAuth: CODES.map(perm) }) });
  await waitFor(() => expect(screen.getByTestId('grid-cell-1-title').textContent).toContain('二'));
  expect((screen.getByTestId('template-name') as HTMLInputElement).value).toBe('数学模板');

  editCell(1, 'lessonNo', '1');
  fireEvent.click(screen.getByTestId('template-save'));
  expect(await screen.findAllByText('课次序号1重复')).not.toHaveLength(0);
  expect(put).not.toHaveBeenCalled();

  editCell(1, 'lessonNo', '3');
  fireEvent.click(screen.getByTestId('template-save'));
  await waitFor(() => expect(put).toHaveBeenCalled());
  expect(put).toHaveBeenCalledWith('/course/teachTemplate/edit', {
    id: 't1',
    courseId: 'c1',
    name: '数学模板',
    status: 1,
    remark: undefined,
    teachTemplateItemList: [
      { id: 'L1', lessonNo: 1, chapterId: null, title: '一', content: null, materialIds: '', homeworkTitle: null, homeworkContent: null },
      { id: 'L2', lessonNo: 3, chapterId: null, title: '二', content: '<p>讲</p>', materialIds: '', homeworkTitle: null, homeworkContent: null },
    ],
  });
  await waitFor(() => expect(push).toHaveBeenCalledWith('/course/teachTemplate'));
});

it('lists a template with its course and lesson count; 编辑 opens the editor on it', async () => {
  render(<TeachTemplateListScreen />, { wrapper: wrapper({ auth: CODES.map(perm), allAuth: CODES.map(perm) }) });
  const link = await screen.findByTestId('row-edit-t1');
  const row = link.closest('tr')!;
  expect(row.textContent).toContain('初一数学');
  expect(row.textContent).toContain('启用');
  expect(within(row).getByTestId('row-apply-t1')).toBeTruthy();
  fireEvent.click(link);
  expect(push).toHaveBeenCalledWith('/course/teachTemplateAddEdit?id=t1');
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import CourseListScreen from '../course-list-screen';

/** 课程管理's cells (issue #21): 颜色 as a swatch, 价格 in yuan. */

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/course' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const COURSE = { id: 'c1', name: '初一数学', subject: '数学', mode: 2, mode_dictText: '一对多', unit: 1, unit_dictText: '课时', defaultHours: 1.5, price: 150, totalLessons: 24, color: '#13a8a8', status: 1, status_dictText: '正常' };

it('shows 颜色 as a swatch (the code only as its tooltip) and 价格 with ¥', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/course/tblCourse/list' ? page([COURSE], 1) : page([], 0)));
  render(<CourseListScreen />, { wrapper: wrapper() });
  const swatch = await screen.findByTestId('color-swatch');
  expect(swatch.getAttribute('title')).toBe('#13a8a8');
  expect(swatch.style.background).toContain('rgb(19, 168, 168)');
  const row = swatch.closest('tr')!;
  expect(row.textContent).not.toContain('#13a8a8');
  expect(row.textContent).toContain('¥150.00');
});

it('names the 课程分类 and filters by a type through typeTree (the server adds its sub-types)', async () => {
  const TYPES = [{ id: 't1', key: 't1', value: 't1', title: '数学', parentId: null, sort: 0, isLeaf: false, children: [{ id: 't2', key: 't2', value: 't2', title: '初中数学', parentId: 't1', sort: 0, isLeaf: true }] }];
  get.mockImplementation((url: string) =>
    Promise.resolve(url === '/course/tblCourse/list' ? page([{ ...COURSE, typeId: 't2', typeId_dictText: '初中数学' }], 1) : url === '/course/courseType/tree' ? { success: true, code: 200, message: '', result: TYPES } : page([], 0)),
  );
  render(<CourseListScreen />, { wrapper: wrapper() });
  const swatch = await screen.findByTestId('color-swatch');
  expect(swatch.closest('tr')!.textContent).toContain('初中数学');
  fireEvent.mouseDown(screen.getByTestId('course-type-filter').querySelector('input')!);
  fireEvent.click(await screen.findByTitle('数学'));
  await waitFor(() => expect(get).toHaveBeenCalledWith('/course/tblCourse/list', expect.objectContaining({ typeTree: 't1' })));
  // The export sends the same filter as the list.
  const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, headers: { get: () => 'application/vnd.ms-excel' }, blob: async () => new Blob(['xls']) });
  const realFetch = global.fetch;
  global.fetch = fetchMock as unknown as typeof fetch;
  Object.assign(window.URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  try {
    fireEvent.click(screen.getByTestId('list-exportXls'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(new URL(fetchMock.mock.calls[0][0] as string, 'http://x').searchParams.get('typeTree')).toBe('t1');
  } finally {
    global.fetch = realFetch;
    click.mockRestore();
  }
});

it('edits the course\'s 章节 in a drawer: the tree of /course/chapter/tree, 添加下级 posts the parent', async () => {
  const CHAPTERS = [{ id: 'h1', key: 'h1', value: 'h1', title: '第一章 有理数', parentId: null, sort: 0, isLeaf: true }];
  get.mockImplementation((url: string) =>
    Promise.resolve(url === '/course/tblCourse/list' ? page([COURSE], 1) : url === '/course/chapter/tree' ? { success: true, code: 200, message: '', result: CHAPTERS } : page([], 0)),
  );
  (http.post as jest.Mock).mockResolvedValue({ success: true, code: 200, message: '添加成功！', result: { id: 'h2' } });
  render(<CourseListScreen />, { wrapper: wrapper() });
  fireEvent.click(await screen.findByTestId('course-chapters-c1'));
  expect(await screen.findByText('第一章 有理数')).toBeTruthy();
  expect(get).toHaveBeenCalledWith('/course/chapter/tree', { courseId: 'c1' });
  fireEvent.click(screen.getByTestId('chapter-add-h1'));
  fireEvent.change(screen.getByTestId('chapter-name'), { target: { value: ' 1.1 正数和负数 ' } });
  fireEvent.click(screen.getByText('保 存'));
  await waitFor(() => expect(http.post).toHaveBeenCalledWith('/course/chapter/add', { courseId: 'c1', parentId: 'h1', title: '1.1 正数和负数' }));
});

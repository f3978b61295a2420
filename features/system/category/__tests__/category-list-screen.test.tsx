import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import CategoryListScreen from '../category-list-screen';
import { buildTree, rootListParams, toTreeRows, UNKNOWN_RESPONSE, type CategoryRow } from '../use-category-tree';

jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/category' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const del = http.del as jest.Mock;

const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const cat = (id: string, pid: string, name: string, code: string, hasChild = '0'): CategoryRow => ({ id, pid, name, code, hasChild });

/** A small server: roots, children by pid, and checkCode's prefix rule. */
let children: Record<string, CategoryRow[]>;
function serve() {
  children = {
    '0': [cat('c1', '0', '课程分类', 'A01', '1'), cat('c2', '0', '学段', 'A02', '0')],
    c1: [cat('c11', 'c1', '语文', 'A01A01')],
  };
  get.mockImplementation((url: string, p: Record<string, string | number>) => {
    if (url === '/sys/category/rootList') return ok({ records: children['0'], total: 12 });
    if (url === '/sys/category/childList') return ok(children[String(p.pid)] ?? []);
    if (url === '/sys/category/checkCode') {
      const parent = Object.values(children).flat().find((c) => c.id === p.pid);
      if (parent && !String(p.code).startsWith(parent.code)) return Promise.reject(new ApiError(`编码不符合规范,须以"${parent.code}"开头!`, 500, 200));
      return ok(null, '该值可用！');
    }
    return ok(null);
  });
}

const calls = (url: string) => get.mock.calls.filter(([u]) => u === url).map(([, p]) => p as Record<string, unknown>);
const expander = (rowKey: string) => document.querySelector(`tr[data-row-key="${rowKey}"] .ant-table-row-expand-icon`) as HTMLElement | null;

beforeEach(() => {
  jest.clearAllMocks();
  serve();
});

describe('toTreeRows', () => {
  it('accepts an array or {records}, and refuses anything else', () => {
    expect(toTreeRows([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(toTreeRows({ records: [{ id: 2 }] })).toEqual([{ id: 2 }]);
    expect(() => toTreeRows({ rows: [] })).toThrow(UNKNOWN_RESPONSE);
    expect(() => toTreeRows(null)).toThrow('返回数据类型不识别');
  });
});

describe('buildTree', () => {
  it('gives a parent a loading... placeholder, its children once loaded, and makes it a leaf when none came', () => {
    const roots = [cat('a', '0', '甲', 'A01', '1'), cat('b', '0', '乙', 'A02', '0')];
    const pending = buildTree(roots, {});
    expect(pending[0].children).toEqual([expect.objectContaining({ id: 'a_loadChild', name: 'loading...', placeholder: true })]);
    expect(pending[1].children).toBeUndefined();
    expect(buildTree(roots, { a: [cat('a1', 'a', '甲一', 'A01A01', '1')] })[0].children?.[0].children?.[0].name).toBe('loading...');
    expect(buildTree(roots, { a: null })[0].children).toBeUndefined();
  });

  it('sends only the filters that are set', () => {
    expect(rootListParams({ pageNo: 2, pageSize: 10, name: ' ', code: ' A01 ' })).toEqual({ pageNo: 2, pageSize: 10, code: 'A01' });
  });
});

describe('分类字典 screen', () => {
  it('pages the roots, loads children on first expand and turns an empty node into a leaf', async () => {
    // 学段 says it has children, but its load comes back empty.
    children['0'][1] = cat('c2', '0', '学段', 'A02', '1');
    render(<CategoryListScreen />, { wrapper: wrapper() });
    expect(await screen.findByText('课程分类')).toBeInTheDocument();
    expect(calls('/sys/category/rootList')[0]).toEqual({ pageNo: 1, pageSize: 10 });
    expect(screen.getByText('1-10 共12条')).toBeInTheDocument();

    fireEvent.click(expander('c1')!);
    expect(await screen.findByText('语文')).toBeInTheDocument();
    expect(calls('/sys/category/childList')).toEqual([{ pid: 'c1' }]);
    // Loaded once: collapsing and expanding again asks nothing.
    fireEvent.click(expander('c1')!);
    fireEvent.click(expander('c1')!);
    expect(calls('/sys/category/childList')).toHaveLength(1);

    expect(expander('c2')!.className).not.toMatch(/spaced/);
    fireEvent.click(expander('c2')!);
    await waitFor(() => expect(calls('/sys/category/childList')).toContainEqual({ pid: 'c2' }));
    await waitFor(() => expect(expander('c2')!.className).toMatch(/spaced/));
    expect(screen.queryByText('loading...')).toBeNull();
  });

  it('searches by name and code from page 1', async () => {
    render(<CategoryListScreen />, { wrapper: wrapper() });
    await screen.findByText('课程分类');
    fireEvent.change(screen.getByTestId('category-search-name'), { target: { value: '语' } });
    fireEvent.change(screen.getByTestId('category-search-code'), { target: { value: 'A01' } });
    fireEvent.click(screen.getByTestId('category-search-submit'));
    await waitFor(() => expect(calls('/sys/category/rootList').at(-1)).toEqual({ pageNo: 1, pageSize: 10, name: '语', code: 'A01' }));
  });

  it('添加下级 checks the code against the parent, saves under it and shows the new child expanded', async () => {
    post.mockImplementation(() => {
      children.c2 = [cat('c21', 'c2', '小学', 'A02A01')];
      children['0'][1] = cat('c2', '0', '学段', 'A02', '1');
      return ok(null, '添加成功！');
    });
    render(<CategoryListScreen />, { wrapper: wrapper() });
    await screen.findByText('学段');
    fireEvent.click(screen.getByTestId('category-add-child-c2'));
    const form = await screen.findByTestId('category-form');
    expect(within(form).getByTestId('category-form-parent')).toHaveValue('学段');
    fireEvent.change(within(form).getByLabelText('类型名称'), { target: { value: '小学' } });
    const code = within(form).getByLabelText('类型编码');
    fireEvent.change(code, { target: { value: 'B01' } });
    fireEvent.blur(code);
    expect(await within(form).findByText('编码不符合规范,须以"A02"开头!')).toBeInTheDocument();
    expect(calls('/sys/category/checkCode').at(-1)).toEqual({ pid: 'c2', code: 'B01' });
    await act(async () => {
      fireEvent.click(screen.getByTestId('category-form-submit'));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: 'A02A01' } });
    fireEvent.click(screen.getByTestId('category-form-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/category/add', { pid: 'c2', name: '小学', code: 'A02A01' }));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    expect(await screen.findByText('小学')).toBeInTheDocument();
  });

  it('新增 adds a root without a code (the server generates it)', async () => {
    post.mockImplementation(() => ok(null, '添加成功！'));
    render(<CategoryListScreen />, { wrapper: wrapper() });
    await screen.findByText('学段');
    fireEvent.click(screen.getByTestId('category-add'));
    const form = await screen.findByTestId('category-form');
    expect(within(form).queryByTestId('category-form-parent')).toBeNull();
    fireEvent.click(screen.getByTestId('category-form-submit'));
    expect(await within(form).findByText('请输入类型名称!')).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText('类型名称'), { target: { value: '年级' } });
    fireEvent.click(screen.getByTestId('category-form-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/category/add', { pid: '0', name: '年级', code: undefined }));
  });

  it('编辑 of a node with children keeps its code locked; 删除 asks first and names the subtree', async () => {
    del.mockImplementation(() => ok(null, '删除成功!'));
    render(<CategoryListScreen />, { wrapper: wrapper() });
    await screen.findByText('课程分类');
    fireEvent.click(screen.getByTestId('category-edit-c1'));
    const form = await screen.findByTestId('category-form');
    expect(within(form).getByLabelText('类型编码')).toBeDisabled();
    expect(within(form).getByText('该分类下有子节点，不能修改编码')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('category-form-cancel'));
    await waitFor(() => expect(screen.queryByTestId('category-form')).toBeNull());

    fireEvent.click(screen.getByTestId('category-delete-c1'));
    expect(await screen.findByText('是否删除选中数据?')).toBeInTheDocument();
    expect(screen.getByText('其下级分类将一并删除')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement);
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/category/delete', { id: 'c1' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });

  it('hides the write buttons the user lacks', async () => {
    const allAuth = ['add', 'edit', 'delete'].map((a) => ({ action: `system:category:${a}`, type: '1', describe: a, status: '1' }));
    render(<CategoryListScreen />, { wrapper: wrapper({ auth: [{ action: 'system:category:edit', type: '1', describe: 'edit' }], allAuth }) });
    await screen.findByText('课程分类');
    expect(screen.queryByTestId('category-add')).toBeNull();
    expect(screen.queryByTestId('category-add-child-c1')).toBeNull();
    expect(screen.queryByTestId('category-delete-c1')).toBeNull();
    expect(screen.getByTestId('category-edit-c1')).toBeInTheDocument();
  });

  it('shows the server message when the roots cannot load', async () => {
    get.mockImplementation(() => Promise.reject(new ApiError('数据库不可用', 500, 200)));
    render(<CategoryListScreen />, { wrapper: wrapper() });
    expect(await screen.findByTestId('category-error')).toHaveTextContent('数据库不可用');
  });
});

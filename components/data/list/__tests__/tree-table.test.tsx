import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { toTreeRows, TreeTable, UNKNOWN_RESPONSE } from '../tree-table';
import { wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const columns = [{ title: '名称', dataIndex: 'name', key: 'name' }];
const env = (result: unknown) => ({ success: true, code: 200, message: '', result });

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

beforeEach(() => jest.clearAllMocks());

describe('toTreeRows', () => {
  it('accepts an array or {records}, and refuses anything else', () => {
    expect(toTreeRows([{ id: 1 }])).toEqual([{ id: 1 }]);
    expect(toTreeRows({ records: [{ id: 2 }] })).toEqual([{ id: 2 }]);
    expect(() => toTreeRows({ rows: [] })).toThrow(UNKNOWN_RESPONSE);
    expect(() => toTreeRows(null)).toThrow('返回数据类型不识别');
  });
});

describe('TreeTable', () => {
  it('shows a loading... placeholder child and replaces it with the children on first expand', async () => {
    const children = deferred<unknown>();
    get.mockImplementation((_url: string, p: Record<string, string>) => {
      if (p.parentId === '0') return Promise.resolve(env({ records: [{ id: 'a', name: '总部', hasChildren: true }] }));
      if (p.parentId === 'a') return children.promise;
      return Promise.resolve(env([]));
    });
    render(<TreeTable url="/sys/depart/list" topValue="0" columns={columns} />, { wrapper: wrapper() });
    expect(await screen.findByText('总部')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/sys/depart/list', { parentId: '0' });

    fireEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('loading...')).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/depart/list', { parentId: 'a' }));
    children.resolve(env([{ id: 'b', name: '分部' }]));
    expect(await screen.findByText('分部')).toBeTruthy();
    expect(screen.queryByText('loading...')).toBeNull();
    // Loaded once: collapsing and expanding again does not fetch again.
    const calls = get.mock.calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: /收起|collapse/i })[0]);
    fireEvent.click(screen.getAllByRole('button', { name: /展开|expand/i })[0]);
    expect(get.mock.calls.length).toBe(calls);
  });

  it('makes a node a leaf when its children load returns nothing', async () => {
    get.mockImplementation((_url: string, p: Record<string, string>) =>
      Promise.resolve(env(p.parentId === 'a' ? [] : [{ id: 'a', name: '总部', hasChildren: true }])),
    );
    render(<TreeTable url="/sys/depart/list" topValue="0" columns={columns} />, { wrapper: wrapper() });
    await screen.findByText('总部');
    fireEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /展开|收起|expand|collapse/i })).toBeNull());
    expect(screen.queryByText('loading...')).toBeNull();
  });

  it('uses childrenUrl for children when given', async () => {
    get.mockImplementation((url: string) => Promise.resolve(env(url === '/top' ? [{ id: 'a', name: '总部', hasChildren: true }] : [{ id: 'c', name: '子级' }])));
    render(<TreeTable url="/top" childrenUrl="/children" columns={columns} />, { wrapper: wrapper() });
    await screen.findByText('总部');
    fireEvent.click(screen.getByRole('button', { name: /展开|expand/i }));
    expect(await screen.findByText('子级')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/children', { parentId: 'a' });
  });

  it('shows 返回数据类型不识别 when the answer is neither an array nor records', async () => {
    get.mockResolvedValue(env({ list: [] }));
    render(<TreeTable url="/sys/depart/list" columns={columns} />, { wrapper: wrapper() });
    const alert = await screen.findByTestId('tree-table-error');
    expect(alert.textContent).toContain('返回数据类型不识别');
  });
});

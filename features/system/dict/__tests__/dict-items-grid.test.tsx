import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import type { AuthEntry } from '@/lib/menu-types';
import { DictItemsGrid, FIX_CELLS_FIRST, LIST_ALL_URL, SAVE_BATCH_URL } from '../dict-items-grid';
import { DictItemsDrawer } from '../dict-items-drawer';

jest.setTimeout(60_000);
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const socketOpts: { pageId?: string; socketKey?: string } = {};
jest.mock('@/components/grid/use-vxe-socket', () => ({
  useVxeSocket: (o: { pageId: string; socketKey: string }) => {
    Object.assign(socketOpts, o);
    return { send: jest.fn(), status: 'open' };
  },
}));
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const ITEMS = [
  { id: 'i1', dictId: 'd2', itemText: '一年级', itemValue: '1', description: '', sortOrder: 1, status: 1 },
  { id: 'i2', dictId: 'd2', itemText: '二年级', itemValue: '2', description: '', sortOrder: 2, status: 1 },
];
const entry = (action: string): AuthEntry => ({ action, describe: action, type: '1', status: '1' });
const ALL = ['system:dictItem:add', 'system:dictItem:edit', 'system:dictItem:delete'].map(entry);

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation(async (url: string) => (url === LIST_ALL_URL ? { success: true, code: 200, message: '', result: { records: ITEMS, total: 2 } } : { success: true, code: 200, message: '', result: null }));
  post.mockResolvedValue({ success: true, code: 200, message: '保存成功！', result: {} });
});

const cell = (row: number, key: string) => screen.getByTestId(`grid-cell-${row}-${key}`);

describe('字典项 批量编辑', () => {
  it('loads every item of the dictionary and shares edits on dict-items-<id> / sys_dict_item', async () => {
    render(<DictItemsGrid dictId="d2" />, { wrapper: wrapper({ auth: ALL, allAuth: ALL }) });
    expect(await screen.findByText('二年级')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(LIST_ALL_URL, { dictId: 'd2' });
    expect(socketOpts).toMatchObject({ pageId: 'dict-items-d2', socketKey: 'sys_dict_item' });
  });

  it('refuses to save with an empty required cell, then posts new, changed and removed rows in one batch', async () => {
    render(<DictItemsGrid dictId="d2" />, { wrapper: wrapper({ auth: ALL, allAuth: ALL }) });
    await screen.findByText('二年级');
    fireEvent.click(screen.getByTestId('grid-add'));
    fireEvent.blur(within(cell(2, 'itemText')).getByTestId('grid-editor'));
    fireEvent.click(screen.getByTestId('grid-save'));
    expect(await screen.findByText(FIX_CELLS_FIRST)).toBeTruthy();
    expect(await within(cell(2, 'itemText')).findByText('请输入名称!')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    for (const [key, v] of [['itemText', '三年级'], ['itemValue', '3']] as const) {
      fireEvent.click(cell(2, key));
      const input = within(cell(2, key)).getByTestId('grid-editor');
      fireEvent.change(input, { target: { value: v } });
      fireEvent.blur(input);
    }
    fireEvent.click(cell(0, 'itemText'));
    const first = within(cell(0, 'itemText')).getByTestId('grid-editor');
    fireEvent.change(first, { target: { value: '初一' } });
    fireEvent.blur(first);
    const box = screen.getByTestId('grid-select-1');
    fireEvent.click(box.tagName === 'INPUT' ? box : box.querySelector('input')!);
    fireEvent.click(screen.getByTestId('grid-remove'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(screen.queryByText('二年级')).toBeNull());
    fireEvent.click(screen.getByTestId('grid-save'));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(SAVE_BATCH_URL, {
      dictId: 'd2',
      rows: [
        { itemText: '三年级', itemValue: '3', description: '', sortOrder: 2, status: 1 },
        { id: 'i1', itemText: '初一', itemValue: '1', description: '', sortOrder: 1, status: 1 },
      ],
      deleteIds: ['i2'],
    });
    expect(await screen.findByText('保存成功！')).toBeTruthy();
  });

  it('hides 新增 without system:dictItem:add and 保存 without any write permission', async () => {
    const edit = [entry('system:dictItem:edit')];
    const { unmount } = render(<DictItemsGrid dictId="d2" />, { wrapper: wrapper({ auth: edit, allAuth: ALL }) });
    await screen.findByText('二年级');
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(screen.getByTestId('grid-save')).toBeTruthy();
    unmount();
    render(<DictItemsGrid dictId="d2" />, { wrapper: wrapper({ auth: [], allAuth: ALL }) });
    await screen.findByText('二年级');
    expect(screen.queryByTestId('grid-save')).toBeNull();
  });

  it('the 字典配置 drawer offers 批量编辑 only to users who may change items, and swaps the list for the grid', async () => {
    const list = [entry('system:dictItem:list')];
    const { unmount } = render(<DictItemsDrawer dict={{ id: 'd2', dictName: '年级', dictCode: 'grade' }} onClose={() => undefined} />, { wrapper: wrapper({ auth: list, allAuth: [...list, ...ALL] }) });
    expect(await screen.findByTestId('dict-items-of')).toBeTruthy();
    expect(screen.queryByTestId('dict-items-mode')).toBeNull();
    unmount();
    render(<DictItemsDrawer dict={{ id: 'd2', dictName: '年级', dictCode: 'grade' }} onClose={() => undefined} />, { wrapper: wrapper({ auth: [...list, ...ALL], allAuth: [...list, ...ALL] }) });
    fireEvent.click(within(await screen.findByTestId('dict-items-mode')).getByText('批量编辑'));
    expect(await screen.findByTestId('dict-items-grid')).toBeTruthy();
    expect(await screen.findByText('二年级')).toBeTruthy();
  });
});

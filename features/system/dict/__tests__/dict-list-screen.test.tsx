import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { DICT_CACHE_STORAGE_KEY } from '@/lib/dict-cache';
import DictListScreen from '../dict-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import { itemsDefFor } from '../dict-items-drawer';
import { dictItemResource } from '../dict-item-resource';

// antd Table + Drawer under jsdom are slow on a busy 2-core machine.
jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/dict' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const DICTS = [
  { id: 'd1', dictName: '性别', dictCode: 'sex', description: '', createTime: '2026-01-01 10:00:00' },
  { id: 'd2', dictName: '年级', dictCode: 'grade', description: '学生年级', createTime: '2026-01-02 10:00:00' },
];
const ITEMS = [
  { id: 'i1', dictId: 'd2', itemText: '一年级', itemValue: '1', sortOrder: 1, status: 1, status_dictText: '启用' },
  { id: 'i2', dictId: 'd2', itemText: '二年级', itemValue: '2', sortOrder: 2, status: 1, status_dictText: '启用' },
];

function serve(overrides: Record<string, () => Promise<unknown>> = {}) {
  get.mockImplementation((url: string) => {
    if (overrides[url]) return overrides[url]();
    if (url === '/sys/dict/list') return ok({ records: DICTS, total: 2 });
    if (url === '/sys/dictItem/list') return ok({ records: ITEMS, total: 2 });
    if (url === '/sys/dict/refleshCache') return ok(null);
    if (url === '/sys/dict/queryAllDictItems') return ok({ grade: [{ value: '1', text: '一年级' }], dict_item_status: [{ value: '1', text: '启用' }, { value: '0', text: '不启用' }] });
    if (url.startsWith('/sys/dict/getDictItems/')) return ok([{ value: '1', text: '启用' }, { value: '0', text: '不启用' }]);
    return ok(null);
  });
}

const listCalls = (url: string) => get.mock.calls.filter(([u]) => u === url).map(([, p]) => p as Record<string, unknown>);

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('itemsDefFor', () => {
  it('fixes the parent dictionary as the hidden dictId default, leaving the shared definition alone', () => {
    const def = itemsDefFor('d2');
    expect(def.fields.find((f) => f.name === 'dictId')).toMatchObject({ kind: 'hidden', defaultValue: 'd2' });
    expect(dictItemResource.fields.find((f) => f.name === 'dictId')?.defaultValue).toBeUndefined();
  });
});

describe('数据字典 screen', () => {
  it('shows 没有权限 and asks nothing without system:dict:list', async () => {
    const allAuth = [{ action: 'system:dict:list', type: '1', describe: '查看字典', status: '1' }];
    render(
      <ScreenGate perm={screenPerm('system/DictList')}>
        <DictListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth }) },
    );
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('刷新缓存 calls refleshCache then queryAllDictItems, rewrites the browser cache and says 刷新缓存完成！', async () => {
    serve();
    render(<DictListScreen />, { wrapper: wrapper() });
    expect(await screen.findByText('年级')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('dict-refresh-cache'));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    const order = get.mock.calls.map(([u]) => u).filter((u) => u === '/sys/dict/refleshCache' || u === '/sys/dict/queryAllDictItems');
    expect(order).toEqual(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']);
    expect(JSON.parse(window.localStorage.getItem(DICT_CACHE_STORAGE_KEY)!).value.grade[0].text).toBe('一年级');
  });

  it('刷新缓存 says 刷新缓存失败！ when the server refuses', async () => {
    serve({ '/sys/dict/refleshCache': () => Promise.reject(new Error('down')) });
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<DictListScreen />, { wrapper: wrapper() });
    await screen.findByText('年级');
    fireEvent.click(screen.getByTestId('dict-refresh-cache'));
    expect(await screen.findByText('刷新缓存失败！')).toBeInTheDocument();
    expect(window.localStorage.getItem(DICT_CACHE_STORAGE_KEY)).toBeNull();
    log.mockRestore();
  });

  it('字典配置 lists that dictionary’s items (dictId sent) and adds an item into it', async () => {
    serve();
    post.mockImplementation(() => ok(null, '添加成功！'));
    render(<DictListScreen />, { wrapper: wrapper() });
    await screen.findByText('年级');
    fireEvent.click(screen.getByTestId('dict-config-d2'));
    const drawer = await screen.findByTestId('dict-items-drawer');
    expect(await within(drawer).findByText('二年级')).toBeInTheDocument();
    expect(within(drawer).getByTestId('dict-items-of')).toHaveTextContent('年级（grade）');
    expect(listCalls('/sys/dictItem/list').at(-1)).toMatchObject({ dictId: 'd2', column: 'sortOrder', order: 'asc' });

    fireEvent.click(within(drawer).getByTestId('list-add'));
    const form = await screen.findByTestId('form-modal');
    fireEvent.change(within(form).getByLabelText('名称'), { target: { value: '三年级' } });
    fireEvent.change(within(form).getByLabelText('数据值'), { target: { value: '3' } });
    const before = listCalls('/sys/dictItem/list').length;
    fireEvent.click(screen.getByTestId('form-modal-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/dictItem/add', expect.objectContaining({ dictId: 'd2', itemText: '三年级', itemValue: '3', sortOrder: 1 })));
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    await waitFor(() => expect(listCalls('/sys/dictItem/list').length).toBeGreaterThan(before));
    expect(listCalls('/sys/dictItem/list').every((p) => p.dictId === 'd2')).toBe(true);
  });

  it('hides 字典配置 without system:dictItem:list', async () => {
    serve();
    const allAuth = [{ action: 'system:dictItem:list', type: '1', describe: '查看字典项', status: '1' }];
    render(<DictListScreen />, { wrapper: wrapper({ auth: [], allAuth }) });
    await screen.findByText('年级');
    expect(screen.queryByTestId('dict-config-d2')).toBeNull();
  });
});

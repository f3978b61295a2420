import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { ListPage } from '../list-page';
import { fixtureDef, ok, page, rows, wrapper } from './helpers';

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/location' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const del = http.del as jest.Mock;
const post = http.post as jest.Mock;

/** The params of the list calls, in order. */
const listCalls = () => get.mock.calls.filter(([url]) => url === '/location/tblLocation/list').map(([, p]) => p as Record<string, string | number>);
const lastList = () => listCalls().at(-1) as Record<string, string | number>;

function serve(total: number) {
  get.mockImplementation((url: string, p: Record<string, number>) => {
    if (url !== '/location/tblLocation/list') return Promise.resolve(ok(''));
    const from = (p.pageNo - 1) * p.pageSize;
    return Promise.resolve(page(rows(from, Math.max(0, Math.min(p.pageSize, total - from))), total));
  });
}

/** *ByRole queries walk the accessibility tree and are very slow on a whole antd table: use selectors. */
/** The selection checkbox of each data row, in order. */
const rowBoxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr.ant-table-row input[type="checkbox"]'));
const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
  return document.querySelector('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary') as HTMLElement;
};

const renderList = (props: Partial<Parameters<typeof ListPage>[0]> = {}) => render(<ListPage def={fixtureDef} {...props} />, { wrapper: wrapper() });

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('ListPage', () => {
  it('loads page 1 of 10 sorted createTime desc and shows the range and 共N条', async () => {
    serve(35);
    renderList();
    expect(await screen.findByText('场地0')).toBeTruthy();
    expect(lastList()).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    expect(screen.getByText('1-10 共35条')).toBeTruthy();
  });

  it('a new search resets the page to 1 and sends like params', async () => {
    serve(35);
    renderList();
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('场地10');
    expect(lastList().pageNo).toBe(2);
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(lastList()).toMatchObject({ pageNo: 1, name: '*abc*' }));
  });

  it('sends the table sort as column + asc/desc', async () => {
    serve(3);
    renderList();
    await screen.findByText('场地0');
    const header = screen.getAllByText('名称', { selector: '.ant-table-column-title' })[0];
    fireEvent.click(header);
    await waitFor(() => expect(lastList()).toMatchObject({ column: 'name', order: 'asc' }));
    fireEvent.click(header);
    await waitFor(() => expect(lastList()).toMatchObject({ column: 'name', order: 'desc' }));
  });

  it('batch delete warns 请选择一条记录！ without a selection, else asks 确定要删除这 N 项吗?', async () => {
    serve(3);
    del.mockResolvedValue(ok('批量删除成功!'));
    renderList();
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTestId('list-deleteBatch'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(del).not.toHaveBeenCalled();

    const boxes = rowBoxes();
    fireEvent.click(boxes[0]);
    fireEvent.click(boxes[1]);
    fireEvent.click(screen.getByTestId('list-deleteBatch'));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(del).toHaveBeenCalledWith('/location/tblLocation/deleteBatch', { ids: 'r0,r1' }));
    expect(await screen.findByText('批量删除成功!')).toBeTruthy();
  });

  it('goes back one page after deleting the last row of the last page', async () => {
    serve(11);
    del.mockResolvedValue(ok('删除成功!'));
    renderList();
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('场地10');
    serve(10);
    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('row-delete-r10'));
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(del).toHaveBeenCalledWith('/location/tblLocation/delete', { id: 'r10' }));
    await waitFor(() => expect(lastList().pageNo).toBe(1));
    // The emptied page 2 is not asked for again.
    expect(listCalls().slice(before).map((p) => p.pageNo)).toEqual([1]);
  });

  it('stays on the page when rows remain after a delete', async () => {
    serve(12);
    del.mockResolvedValue(ok('删除成功!'));
    renderList();
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('场地10');
    const before = listCalls().length;
    fireEvent.click(screen.getByTestId('row-delete-r10'));
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(lastList().pageNo).toBe(2);
  });

  it('shows 请设置url.xxx属性! for a spec 02 §7 action without its url', async () => {
    serve(3);
    renderList({ def: { ...fixtureDef, actions: { ...fixtureDef.actions, toPoolBatch: true, toPool: true } } });
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTestId('list-toPoolBatch'));
    expect(await screen.findByText('请设置url.toPoolBatch属性!')).toBeTruthy();
    fireEvent.click(screen.getByTestId('row-toPool-r0'));
    expect(await screen.findByText('请设置url.toPool属性!')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('toPoolBatch asks 是否将选中数据放入线索池? and posts the ids to the given url', async () => {
    serve(3);
    post.mockResolvedValue(ok('操作成功'));
    renderList({ def: { ...fixtureDef, actions: { toPoolBatch: true } }, urls: { toPoolBatch: '/lead/toPoolBatch' } });
    await screen.findByText('场地0');
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(screen.getByTestId('list-toPoolBatch'));
    expect(await screen.findByText('是否将选中数据放入线索池?')).toBeTruthy();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(post).toHaveBeenCalledWith('/lead/toPoolBatch', { ids: 'r0' }));
  });

  it('shows the error state with a retry', async () => {
    get.mockRejectedValueOnce(new Error('服务器开小差了'));
    renderList();
    const alert = await screen.findByTestId('list-error');
    expect(within(alert).getByText('服务器开小差了')).toBeTruthy();
    serve(1);
    fireEvent.click(screen.getByTestId('list-retry'));
    expect(await screen.findByText('场地0')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('list-error')).toBeNull());
  });

  it('collapses the search bar after 3 fields with 展开 / 收起', async () => {
    serve(1);
    renderList();
    await screen.findByText('场地0');
    const fourth = screen.getByTestId('list-search-field-phone');
    expect(fourth.style.display).toBe('none');
    const toggle = screen.getByTestId('list-search-toggle');
    expect(toggle.textContent).toContain('展开');
    fireEvent.click(toggle);
    expect(fourth.style.display).toBe('');
    expect(toggle.textContent).toContain('收起');
  });

  it('hides buttons the user lacks (permission ${perm}:add)', async () => {
    serve(1);
    const allAuth = [{ action: 'edu:location:add', type: '1', describe: '新增', status: '1' }];
    render(<ListPage def={fixtureDef} />, { wrapper: wrapper({ auth: [], allAuth }) });
    await screen.findByText('场地0');
    expect(screen.queryByTestId('list-add')).toBeNull();
    expect(screen.getByTestId('list-exportXls')).toBeTruthy();
  });

  it('stores column settings per route and hides unchecked columns', async () => {
    serve(1);
    renderList();
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTestId('column-settings'));
    const cityBox = await screen.findByTestId('column-setting-city');
    await act(async () => {
      fireEvent.click(cityBox);
    });
    await waitFor(() => expect(screen.queryByText('城市', { selector: '.ant-table-cell, th' })).toBeNull());
    const stored = JSON.parse(window.localStorage.getItem('pro__/edu/location:colsettings') as string);
    expect(stored.value).not.toContain('city');
    expect(stored.expire - Date.now()).toBeGreaterThan(604800000 - 60000);
  });

  it('uses the renderers override for a field', async () => {
    serve(1);
    renderList({ renderers: { city: (v) => <b data-testid="custom-city">城:{String(v)}</b> } });
    expect((await screen.findByTestId('custom-city')).textContent).toBe('城:上海');
  });
});

describe('export', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('GETs exportXls with the search params and the selected ids and saves <title>.xlsx', async () => {
    serve(3);
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 200, headers: { get: () => 'application/vnd.ms-excel' }, blob: async () => new Blob(['xls']) });
    global.fetch = fetchMock as unknown as typeof fetch;
    const created: string[] = [];
    Object.assign(window.URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.getAttribute('download') ?? '');
    });
    renderList();
    await screen.findByText('场地0');
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(lastList()).toMatchObject({ name: '*abc*' }));
    fireEvent.click(rowBoxes()[0]);
    fireEvent.click(screen.getByTestId('list-exportXls'));
    await waitFor(() => expect(created).toEqual(['场地.xlsx']));
    const url = new URL(fetchMock.mock.calls[0][0] as string, 'http://x');
    expect(url.pathname).toBe('/jeecg-boot/location/tblLocation/exportXls');
    expect(url.searchParams.get('name')).toBe('*abc*');
    expect(url.searchParams.get('selections')).toBe('r0');
    expect(url.searchParams.has('pageNo')).toBe(false);
    click.mockRestore();
  });
});

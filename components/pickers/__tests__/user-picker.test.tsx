import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { http } from '@/lib/http';
import { MAX_SUPER_QUERY_RULES } from '@/lib/super-query';
import { UserPickerModal, UserSelect, userSearchParams, USER_PICKER_PARAMS } from '../user-picker';
import { ellipsisCell } from '../picker-parts';
import { chunk, fetchRowsBy, SELECTED_CHUNK, selectedQueryParams } from '../selected-rows';
import { modalWidth, ok, page, rowInputs, rulesOf, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const user = (n: number) => ({ id: `u${n}`, username: `user${n}`, realname: `用户${n}`, phone: `1380000000${n % 10}`, birthday: '2000-01-01' });
const USERS = Array.from({ length: 25 }, (_, i) => user(i));

type Params = Record<string, string | number>;
const listCalls = () => get.mock.calls.filter(([url, p]) => url === '/sys/user/list' && !(p as Params).superQueryParams).map(([, p]) => p as Params);
const selectedCalls = () => get.mock.calls.filter(([url, p]) => url === '/sys/user/list' && (p as Params).superQueryParams).map(([, p]) => p as Params);

/** A /sys/user/list that pages USERS and answers superQuery eq/or lookups on id or username. */
function serve({ failSelected }: { failSelected?: string } = {}) {
  get.mockImplementation((url: string, p: Params = {}) => {
    if (url === '/sys/user/list') {
      if (p.superQueryParams) {
        if (failSelected) return Promise.reject(new Error(failSelected));
        const rules = rulesOf(p);
        return Promise.resolve(page(USERS.filter((u) => rules.some((r) => u[r.field as 'id' | 'username'] === r.val))));
      }
      const from = (Number(p.pageNo) - 1) * Number(p.pageSize);
      return Promise.resolve(page(USERS.slice(from, from + Number(p.pageSize)), USERS.length));
    }
    if (url.startsWith('/sys/dict/loadDictItem/')) {
      const keys = String(p.key).split(',');
      return Promise.resolve(ok(keys.map((k) => USERS.find((u) => u.username === k || u.id === k)?.realname ?? k)));
    }
    if (url.startsWith('/sys/dict/getDictItems/')) return Promise.resolve(ok([{ value: '1', text: '男' }, { value: '2', text: '女' }]));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeEach(() => {
  get.mockReset();
  window.localStorage.clear();
});

describe('selected rows by superQuery (pure)', () => {
  it('asks eq on the field for each value, joined by or, pageSize 10000', () => {
    const p = selectedQueryParams('id', ['a', 'b']);
    expect(p).toMatchObject({ superQueryMatchType: 'or', pageNo: 1, pageSize: 10000 });
    expect(rulesOf(p)).toEqual([
      { field: 'id', rule: 'eq', val: 'a' },
      { field: 'id', rule: 'eq', val: 'b' },
    ]);
  });

  it('chunks long selections to what one server page and one advanced query accept', async () => {
    expect(SELECTED_CHUNK).toBe(Math.min(MAX_SUPER_QUERY_RULES, 200));
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    get.mockImplementation((_url: string, p: Params) => Promise.resolve(page(rulesOf(p).map((r) => ({ id: r.val })))));
    const ids = Array.from({ length: 120 }, (_, i) => `id${i}`);
    const rows = await fetchRowsBy<{ id: string }>('/sys/user/list', 'id', [...ids, 'id0', ' ']);
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(get.mock.calls.map(([, p]) => rulesOf(p).length)).toEqual([SELECTED_CHUNK, SELECTED_CHUNK, 120 - 2 * SELECTED_CHUNK]);
  });

  it('cells use the ellipsis filter of 25 characters, the full text as title', () => {
    const long = '很'.repeat(30);
    render(<>{ellipsisCell(long)}</>);
    expect(screen.getByTitle(long).textContent).toBe(`${'很'.repeat(25)}...`);
  });

  it('turns the search form into list params: realname / phone contain, sex equals, birthday a range', () => {
    expect(userSearchParams({ realname: ' 张 ', sex: '2', birthday: [dayjs('2001-02-03'), dayjs('2002-03-04')] })).toEqual({
      realname: '*张*',
      phone: undefined,
      sex: '2',
      birthday_begin: '2001-02-03',
      birthday_end: '2002-03-04',
    });
  });
});

describe('UserPickerModal', () => {
  it('is 1200 wide and lists active users server-paged: realname, username, phone, birthday, id', async () => {
    serve();
    render(<UserPickerModal open onOk={jest.fn()} onCancel={jest.fn()} departId="dep_1" />, { wrapper: wrapper() });
    expect(await screen.findByText('用户0')).toBeTruthy();
    expect(modalWidth()).toBe('1200px');
    // Modal height 80% of the window: the body scrolls beyond it.
    expect((document.querySelector('.ant-modal-body') as HTMLElement).style.maxHeight).toBe('80vh');
    const headers = Array.from(document.querySelectorAll('.ant-table-thead th')).map((th) => th.textContent);
    for (const h of ['用户姓名', '用户账号', '手机号码', '生日', 'ID']) expect(headers).toContain(h);
    expect(listCalls()[0]).toEqual({ ...USER_PICKER_PARAMS, departId: 'dep_1', column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    expect(screen.getByText('1-10 共25条')).toBeTruthy();
    expect(selectedCalls()).toHaveLength(0);
  });

  it('a search goes back to page 1 with realname *x*; the sex filter is the sex dictionary', async () => {
    serve();
    render(<UserPickerModal open onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('用户0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('用户10');
    expect(listCalls().at(-1)).toMatchObject({ pageNo: 2 });
    fireEvent.change(screen.getByTestId('user-picker-realname'), { target: { value: '用户1' } });
    fireEvent.click(screen.getByTestId('user-picker-search'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ pageNo: 1, realname: '*用户1*' }));
    expect(get).toHaveBeenCalledWith('/sys/dict/getDictItems/sex');
  });

  it('fetches the preselected ids by id and returns them with the rows checked on other pages', async () => {
    serve();
    const onOk = jest.fn();
    render(<UserPickerModal open selectedIds={['u12']} onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('用户0');
    expect(rulesOf(selectedCalls()[0])).toEqual([{ field: 'id', rule: 'eq', val: 'u12' }]);
    expect(selectedCalls()[0]).toMatchObject({ superQueryMatchType: 'or', pageSize: 10000 });
    // The preselected user shows as a tag by realname although it is on page 2.
    await waitFor(() => expect(within(screen.getByTestId('picker-selected')).getByText('用户12')).toBeTruthy());
    fireEvent.click(rowInputs()[1]);
    fireEvent.click(screen.getByText('用户3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([
      { id: 'u12', username: 'user12', realname: '用户12' },
      { id: 'u1', username: 'user1', realname: '用户1' },
      { id: 'u3', username: 'user3', realname: '用户3' },
    ]);
  });

  it('single mode is a radio: a second choice replaces the first', async () => {
    serve();
    const onOk = jest.fn();
    render(<UserPickerModal open multiple={false} onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('用户0');
    expect(rowInputs()[0].type).toBe('radio');
    fireEvent.click(screen.getByText('用户2'));
    fireEvent.click(screen.getByText('用户4'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([{ id: 'u4', username: 'user4', realname: '用户4' }]);
  });

  it('a failing fetch of the selected users shows the server message', async () => {
    serve({ failSelected: '高级查询的字段不存在：id' });
    render(<UserPickerModal open selectedIds={['u1']} onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('高级查询的字段不存在：id')).toBeTruthy();
  });
});

describe('UserSelect', () => {
  it('shows realnames with one tag in multiple mode and the placeholder 请选择 when empty', async () => {
    serve();
    const { rerender } = render(<UserSelect value="" />, { wrapper: wrapper() });
    expect(screen.getByText('请选择')).toBeTruthy();
    rerender(<UserSelect value="user1,user2,user3" />);
    expect(await screen.findByText('用户1')).toBeTruthy();
    expect(screen.queryByText('用户2')).toBeNull();
    expect(screen.getByText('+ 2 ...')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/sys_user%2Crealname%2Cusername', { key: 'user1,user2,user3', delNotExist: false });
  });

  it('stores usernames: opening resolves them to ids, OK emits the comma-joined usernames', async () => {
    serve();
    const onChange = jest.fn();
    render(<UserSelect value="user2" onChange={onChange} />, { wrapper: wrapper() });
    fireEvent.click(screen.getByTestId('user-select-open'));
    await screen.findByTestId('user-picker');
    expect(rulesOf(selectedCalls()[0])).toEqual([{ field: 'username', rule: 'eq', val: 'user2' }]);
    await waitFor(() => expect(rulesOf(selectedCalls()[1])).toEqual([{ field: 'id', rule: 'eq', val: 'u2' }]));
    await screen.findByText('用户0');
    fireEvent.click(screen.getByText('用户5'));
    await act(async () => fireEvent.click(screen.getByTestId('user-picker-ok')));
    expect(onChange).toHaveBeenCalledWith('user2,user5', [
      { id: 'u2', username: 'user2', realname: '用户2' },
      { id: 'u5', username: 'user5', realname: '用户5' },
    ]);
    await waitFor(() => expect(screen.queryByTestId('user-picker')).toBeNull());
  });

  it('keeps a preselected username when the picker cannot load that user by id', async () => {
    serve();
    const base = get.getMockImplementation()!;
    get.mockImplementation((url: string, p: Params = {}) => (p.superQueryParams && rulesOf(p)[0].field === 'id' ? Promise.reject(new Error('高级查询的字段不存在：id')) : base(url, p)));
    const onChange = jest.fn();
    render(<UserSelect value="user2" onChange={onChange} />, { wrapper: wrapper() });
    fireEvent.click(screen.getByTestId('user-select-open'));
    expect(await screen.findByText('高级查询的字段不存在：id')).toBeTruthy();
    await screen.findByText('用户0');
    await act(async () => fireEvent.click(screen.getByTestId('user-picker-ok')));
    expect(onChange).toHaveBeenCalledWith('user2', [{ id: 'u2', username: 'user2', realname: '用户2' }]);
  });

  it('with valueField id stores ids and opens with them directly', async () => {
    serve();
    const onChange = jest.fn();
    render(<UserSelect value="u7" valueField="id" multiple={false} onChange={onChange} />, { wrapper: wrapper() });
    expect(await screen.findByText('用户7')).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-select-open'));
    await screen.findByText('用户0');
    expect(rulesOf(selectedCalls()[0])).toEqual([{ field: 'id', rule: 'eq', val: 'u7' }]);
    fireEvent.click(screen.getByText('用户8'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect(onChange).toHaveBeenCalledWith('u8', [{ id: 'u8', username: 'user8', realname: '用户8' }]);
  });
});

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { UserByDepartPickerModal } from '../user-by-depart-picker';
import { modalWidth, ok, page, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

type Params = Record<string, string | number>;
const TREE = [{ key: 'd1', id: 'd1', title: '教务处', departName: '教务处', orgCode: 'A01A01', isLeaf: true, children: null }];
const USERS: Record<string, { id: string; username: string; realname: string }[]> = {
  all: [{ id: 'u1', username: 'zhang', realname: '张三' }, { id: 'u2', username: 'li', realname: '李四' }],
  'A01A01*': [{ id: 'u2', username: 'li', realname: '李四' }],
};
const listCalls = () => get.mock.calls.filter(([url]) => url === '/sys/user/list').map(([, p]) => p as Params);

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string, p: Params = {}) => {
    if (url === '/sys/sysDepart/queryTreeListByOrgCode') return Promise.resolve(ok(TREE));
    if (url === '/sys/user/list') return Promise.resolve(page(USERS[String(p.orgCode ?? 'all')]));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

describe('UserByDepartPickerModal', () => {
  it('is 1250 wide; choosing a department lists its users (orgCode with a trailing *, spec 02 §7) and OK returns the checked users', async () => {
    const onOk = jest.fn();
    render(<UserByDepartPickerModal open multiple={false} onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('张三')).toBeTruthy();
    expect(modalWidth()).toBe('1250px');
    expect(listCalls()[0]).not.toHaveProperty('orgCode');
    fireEvent.click(await screen.findByText('教务处'));
    await waitFor(() => expect(screen.queryByText('张三')).toBeNull());
    expect(listCalls().at(-1)).toMatchObject({ orgCode: 'A01A01*', pageNo: 1, pageSize: 10 });
    fireEvent.click(screen.getByText('李四'));
    fireEvent.click(screen.getByTestId('user-by-depart-ok'));
    expect(onOk).toHaveBeenCalledWith([{ id: 'u2', username: 'li', realname: '李四' }]);
  });
});

import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { RolePickerModal, RoleSelect } from '../role-picker';
import { ok, page, rulesOf, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

const ROLES = Array.from({ length: 12 }, (_, i) => ({ id: `r${i}`, roleName: `角色${i}`, roleCode: `code${i}` }));
type Params = Record<string, string | number>;
const listCalls = () => get.mock.calls.filter(([url, p]) => url === '/sys/role/list' && !(p as Params).superQueryParams).map(([, p]) => p as Params);

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string, p: Params = {}) => {
    if (url === '/sys/role/list') {
      if (p.superQueryParams) return Promise.resolve(page(ROLES.filter((r) => rulesOf(p).some((x) => x.val === r.id))));
      const from = (Number(p.pageNo) - 1) * Number(p.pageSize);
      return Promise.resolve(page(ROLES.slice(from, from + Number(p.pageSize)), ROLES.length));
    }
    if (url.startsWith('/sys/dict/loadDictItem/')) return Promise.resolve(ok(String(p.key).split(',').map((k) => ROLES.find((r) => r.id === k)?.roleName ?? k)));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

describe('RolePickerModal', () => {
  it('pages /sys/role/list (roleName, roleCode), searches by name and returns id + roleCode', async () => {
    const onOk = jest.fn();
    render(<RolePickerModal open selectedIds={['r11']} onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText('角色0')).toBeTruthy();
    expect(screen.getByText('code0')).toBeTruthy();
    expect(listCalls()[0]).toEqual({ column: 'createTime', order: 'desc', pageNo: 1, pageSize: 10 });
    await waitFor(() => expect(within(screen.getByTestId('picker-selected')).getByText('角色11')).toBeTruthy());
    fireEvent.click(screen.getByText('角色2'));
    fireEvent.change(screen.getByPlaceholderText('请输入角色名称'), { target: { value: '角色1' } });
    fireEvent.click(screen.getByTestId('role-picker-search'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ roleName: '*角色1*', pageNo: 1 }));
    fireEvent.click(screen.getByTestId('role-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([
      { id: 'r11', roleCode: 'code11', roleName: '角色11' },
      { id: 'r2', roleCode: 'code2', roleName: '角色2' },
    ]);
  });
});

describe('RoleSelect', () => {
  it('shows role names and emits comma-joined ids', async () => {
    const onChange = jest.fn();
    render(<RoleSelect value="r1" onChange={onChange} />, { wrapper: wrapper() });
    expect(await screen.findByText('角色1')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/sys_role%2Crole_name%2Cid', { key: 'r1', delNotExist: false });
    fireEvent.click(screen.getByTestId('role-select-open'));
    const picker = await screen.findByTestId('role-picker');
    fireEvent.click(await within(picker).findByText('角色3'));
    await act(async () => fireEvent.click(screen.getByTestId('role-picker-ok')));
    expect(onChange).toHaveBeenCalledWith('r1,r3', [
      { id: 'r1', roleCode: 'code1', roleName: '角色1' },
      { id: 'r3', roleCode: 'code3', roleName: '角色3' },
    ]);
  });
});

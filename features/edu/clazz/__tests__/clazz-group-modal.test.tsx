import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ok, wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import { ClazzGroupModal } from '../clazz-group-modal';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;

const MEMBERS = [
  { id: 'm1', studentId: 's1', name: '张三', phone: '13900000001', status: 1, status_dictText: '正常', joinDate: '2026-09-01', leaveDate: null },
  { id: 'm2', studentId: 's2', name: '李四', phone: '13900000002', status: 1, status_dictText: '正常', joinDate: '2026-09-01', leaveDate: null },
  { id: 'm3', studentId: 's3', name: '王五', phone: '13900000003', status: 2, status_dictText: '已退班', joinDate: '2026-09-01', leaveDate: '2026-10-01' },
];
const GROUPS = [
  { id: 'g1', clazzId: 'c1', name: '第一组', sort: 0, members: [{ studentId: 's1', name: '张三', phone: '13900000001' }] },
  { id: 'g2', clazzId: 'c1', name: '第二组', sort: 1, members: [] },
];

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/clazz/tblClazz/members') return Promise.resolve(ok(MEMBERS));
    if (url === '/clazz/tblClazzGroup/list') return Promise.resolve(ok(GROUPS));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const CLAZZ = { id: 'c1', name: '初一数学A班' };
const pickOption = async (testId: string, label: string) => {
  const combo = within(screen.getByTestId(testId)).getByRole('combobox');
  await act(async () => fireEvent.mouseDown(combo));
  const option = await waitFor(() => {
    // Earlier dropdowns stay in the DOM (hidden): look only in the one just opened.
    const open = Array.from(document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).pop();
    const el = Array.from(open?.querySelectorAll('.ant-select-item-option') ?? []).find((o) => o.textContent === label);
    expect(el).toBeTruthy();
    return el as HTMLElement;
  });
  await act(async () => fireEvent.click(option));
};

describe('分组 dialog', () => {
  it('shows groups and the active members’ groups; read-only without clazz:group:edit', async () => {
    render(<ClazzGroupModal clazz={CLAZZ} canEdit={false} onClose={jest.fn()} />, { wrapper: wrapper() });
    const members = await screen.findByTestId('clazz-group-members');
    await waitFor(() => expect(within(members).getByText('李四')).toBeTruthy());
    expect(get).toHaveBeenCalledWith('/clazz/tblClazzGroup/list', { clazzId: 'c1' });
    // 已退班 students are not offered.
    expect(within(members).queryByText('王五')).toBeNull();
    const rowOf = (name: string) => within(members).getByText(name).closest('tr') as HTMLElement;
    expect(within(rowOf('张三')).getByText('第一组')).toBeTruthy();
    expect(within(rowOf('李四')).getByText('未分组')).toBeTruthy();
    expect(screen.queryByTestId('clazz-group-add')).toBeNull();
    expect(screen.queryByTestId('clazz-group-rename-g1')).toBeNull();
    expect(screen.queryByTestId('clazz-group-assign-s1')).toBeNull();
  });

  it('adds a group after checking the name, and shows the server’s refusal', async () => {
    render(<ClazzGroupModal clazz={CLAZZ} canEdit onClose={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByTestId('clazz-group-add');
    await act(async () => fireEvent.click(screen.getByTestId('clazz-group-add')));
    await waitFor(() => expect(screen.getByText('请输入分组名称')).toBeTruthy());
    expect(post).not.toHaveBeenCalled();

    post.mockRejectedValueOnce(new ApiError('本班已有名为「第一组」的分组', 500, 200));
    fireEvent.change(screen.getByTestId('clazz-group-name'), { target: { value: ' 第一组 ' } });
    await act(async () => fireEvent.click(screen.getByTestId('clazz-group-add')));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clazz/tblClazzGroup/add', { clazzId: 'c1', name: '第一组' }));
    await waitFor(() => expect(screen.getByText('本班已有名为「第一组」的分组')).toBeTruthy());

    post.mockResolvedValueOnce(ok({ id: 'g3' }, '添加成功！'));
    fireEvent.change(screen.getByTestId('clazz-group-name'), { target: { value: '第三组' } });
    await act(async () => fireEvent.click(screen.getByTestId('clazz-group-add')));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/clazz/tblClazzGroup/add', { clazzId: 'c1', name: '第三组' }));
    await waitFor(() => expect((screen.getByTestId('clazz-group-name') as HTMLInputElement).value).toBe(''));
  });

  it('renames and deletes a group', async () => {
    render(<ClazzGroupModal clazz={CLAZZ} canEdit onClose={jest.fn()} />, { wrapper: wrapper() });
    await act(async () => fireEvent.click(await screen.findByTestId('clazz-group-rename-g2')));
    const input = await screen.findByTestId('clazz-group-rename-input');
    fireEvent.change(input, { target: { value: '提高组' } });
    put.mockResolvedValueOnce(ok(null, '编辑成功!'));
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/clazz/tblClazzGroup/edit', { id: 'g2', name: '提高组' }));

    del.mockResolvedValueOnce(ok(null, '删除成功!'));
    await act(async () => fireEvent.click(screen.getByTestId('clazz-group-delete-g2')));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
    await act(async () => fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement));
    await waitFor(() => expect(del).toHaveBeenCalledWith('/clazz/tblClazzGroup/delete', { id: 'g2' }));
  });

  it('assigns a student by sending the target group’s complete member list', async () => {
    render(<ClazzGroupModal clazz={CLAZZ} canEdit onClose={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByTestId('clazz-group-assign-s2');
    post.mockResolvedValue(ok({ members: 2, moved: 0 }, '分组成员已保存'));
    await pickOption('clazz-group-assign-s2', '第一组');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clazz/tblClazzGroup/setMembers', { groupId: 'g1', studentIds: ['s1', 's2'] }));
    // Moving 张三 to 第二组 sends 第二组's list; the server takes it out of 第一组.
    await pickOption('clazz-group-assign-s1', '第二组');
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/clazz/tblClazzGroup/setMembers', { groupId: 'g2', studentIds: ['s1'] }));
  });
});

import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import type { AuthEntry } from '@/lib/menu-types';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import RoleListScreen from './role-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/role' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// The picker has its own tests; here it only hands back a choice.
jest.mock('@/components/pickers/user-picker', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    UserPickerModal: ({ open, onOk }: { open: boolean; onOk: (users: { id: string; username: string; realname: string }[]) => void }) =>
      open ? createElement('button', { 'data-testid': 'picker-ok', onClick: () => onOk([{ id: 'u_new', username: 'newbie', realname: '新人' }]) }, '选好了') : null,
  };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const del = http.del as jest.Mock;
const answer = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const ROLES = [
  { id: 'role_teacher', roleName: '教师', roleCode: 'teacher', description: '授课教师', createTime: '2026-01-01 08:00:00' },
  { id: 'role_jy', roleName: '教研员', roleCode: 'jiaoyanyuan', description: null, createTime: '2026-01-02 08:00:00' },
];
/**
 * GET /sys/role/queryTreeList as our backend answers it: JeecgBoot TreeModel nodes (name in slotTitle, children
 * null on leaves) plus our menuType and perms.
 */
type Model = { key: string; slotTitle: string; children: Model[] | null } & Record<string, unknown>;
const model = (key: string, name: string, parentId: string | null, menuType: number, perms: string | null, children: Model[] | null = null): Model => ({
  key, title: name, slotTitle: name, isLeaf: !children, icon: null, ruleFlag: 0, scopedSlots: { title: 'hasDatarule' }, parentId, label: null, value: key, children, menuType, perms,
});
const PERMISSION_TREE: Model[] = [
  model('perm_isystem', '系统管理', null, 0, null, [
    model('perm_isystem_online', '在线用户', 'perm_isystem', 1, null, [model('perm_btn_online_list', '查看在线用户', 'perm_isystem_online', 2, 'system:online:list')]),
    model('perm_isystem_log', '登录日志', 'perm_isystem', 1, null),
  ]),
];
const TREE_IDS = ['perm_isystem', 'perm_isystem_online', 'perm_isystem_log', 'perm_btn_online_list'];
/** The same tree as a JeecgBoot server sends it: title null, no menuType or perms. */
const stock = (nodes: Model[]): Model[] =>
  nodes.map(({ key, slotTitle, isLeaf, ruleFlag, scopedSlots, parentId, value, children }) => ({ key, title: null, slotTitle, isLeaf, icon: null, ruleFlag, scopedSlots, parentId, label: null, value, children: children && stock(children) }));
const USERS = [{ id: 'u_teacher', username: 'teacher', realname: '李文静', phone: '13800000001', status: 1, status_dictText: '正常', createTime: null }];

const ALL_CODES = ['system:role:list', 'system:role:add', 'system:role:edit', 'system:role:delete', 'system:role:deleteBatch', 'system:role:permission'];
const entries = (codes: string[]): AuthEntry[] => codes.map((action) => ({ action, type: '1', describe: action, status: '1' }));
const renderScreen = (codes = ALL_CODES) => render(<RoleListScreen />, { wrapper: wrapper({ auth: entries(codes), allAuth: entries(ALL_CODES) }) });

const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary')).not.toBeNull());
  const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary') as HTMLElement;
  // The confirm's async handler settles inside act, so its state updates are not flagged.
  await act(async () => {
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
  });
};
/** The checkbox of a permission tree node. */
const checkboxOf = (key: string) => document.querySelector(`[data-permission-key="${key}"]`)!.closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  get.mockImplementation((url: string) => {
    if (url === '/sys/role/list') return answer({ records: ROLES, total: 2 });
    if (url === '/sys/role/queryTreeList') return answer({ treeList: PERMISSION_TREE, ids: TREE_IDS });
    if (url === '/sys/permission/queryRolePermission') return answer(['perm_isystem_log']);
    if (url === '/sys/user/userRoleList') return answer({ records: USERS, total: 1 });
    return answer(null);
  });
});

describe('角色管理', () => {
  it('授权 opens the drawer on the role\'s set; ticks stay a tree (issue #21): a button brings its menus, unticking a menu drops its buttons; 保存并关闭 saves in tree order', async () => {
    post.mockReturnValue(answer(null, '保存成功！'));
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-grant-role_jy'));
    const drawer = await screen.findByTestId('role-permission-drawer');
    expect(within(drawer).getByText('角色权限配置：教研员')).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByText('查看在线用户')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/permission/queryRolePermission', { roleId: 'role_jy' });
    expect(within(drawer).getAllByText('按钮').length).toBe(1);

    const ticked = () => [...drawer.querySelectorAll('.ant-tree-treenode-checkbox-checked [data-permission-key]')].map((e) => e.getAttribute('data-permission-key'));
    fireEvent.click(checkboxOf('perm_btn_online_list'));
    expect(ticked()).toEqual(['perm_isystem', 'perm_isystem_online', 'perm_btn_online_list', 'perm_isystem_log']);
    fireEvent.click(checkboxOf('perm_isystem_online'));
    expect(ticked()).toEqual(['perm_isystem', 'perm_isystem_log']);
    fireEvent.click(checkboxOf('perm_btn_online_list'));
    fireEvent.click(checkboxOf('perm_isystem_log'));
    expect(within(drawer).getByText('（有未保存的修改）')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('role-permission-save-close'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/permission/saveRolePermission', { roleId: 'role_jy', permissionIds: 'perm_isystem,perm_isystem_online,perm_btn_online_list' }));
    await waitFor(() => expect(screen.queryByTestId('role-permission-drawer')).toBeNull());
  });

  it('授权 reads a JeecgBoot server\'s tree too: names from slotTitle, no 按钮 tags, ticks saved by key', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/sys/role/list') return answer({ records: ROLES, total: 2 });
      if (url === '/sys/role/queryTreeList') return answer({ treeList: stock(PERMISSION_TREE), ids: TREE_IDS });
      if (url === '/sys/permission/queryRolePermission') return answer(['perm_isystem_log']);
      return answer(null);
    });
    post.mockReturnValue(answer(null, '保存成功！'));
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-grant-role_jy'));
    const drawer = await screen.findByTestId('role-permission-drawer');
    await waitFor(() => expect(within(drawer).getByText('查看在线用户')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/role/queryTreeList');
    expect(within(drawer).getByText('系统管理')).toBeInTheDocument();
    expect(within(drawer).queryByText('按钮')).toBeNull();
    fireEvent.click(checkboxOf('perm_btn_online_list'));
    fireEvent.click(screen.getByTestId('role-permission-save-close'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/permission/saveRolePermission', { roleId: 'role_jy', permissionIds: 'perm_isystem,perm_isystem_online,perm_btn_online_list,perm_isystem_log' }));
  });

  it('数据规则 (issue #24): a menu with rules offers them; the role’s choice is ticked and saved through /sys/role/datarule', async () => {
    const flagged = (nodes: Model[]): Model[] => nodes.map((n) => ({ ...n, ruleFlag: n.key === 'perm_isystem_log' || n.key === 'perm_isystem_online' ? 1 : 0, children: n.children && flagged(n.children) }));
    const rule = (id: string, ruleName: string, status = '1') => ({ id, permissionId: 'perm_isystem_log', ruleName, ruleColumn: 'username', ruleConditions: '=', ruleValue: '#{sys_user_code}', status });
    get.mockImplementation((url: string) => {
      if (url === '/sys/role/list') return answer({ records: ROLES, total: 2 });
      // A JeecgBoot server's tree: ruleFlag is all the client has to go on.
      if (url === '/sys/role/queryTreeList') return answer({ treeList: stock(flagged(PERMISSION_TREE)), ids: TREE_IDS });
      if (url === '/sys/permission/queryRolePermission') return answer(['perm_isystem_log']);
      if (url === '/sys/role/datarule/perm_isystem_log/role_jy') return answer({ datarule: [rule('r1', '本人账号'), rule('r2', '已停用的', '0')], drChecked: 'r1' });
      if (url === '/sys/role/datarule/perm_isystem_online/role_jy') return answer({ datarule: [rule('r3', '在线规则')] });
      return answer(null);
    });
    post.mockReturnValue(answer(null, '保存成功!'));
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-grant-role_jy'));
    const drawer = await screen.findByTestId('role-permission-drawer');
    await waitFor(() => expect(within(drawer).getByTestId('role-datarule-perm_isystem_log')).toBeInTheDocument());
    expect(within(drawer).queryByTestId('role-datarule-perm_isystem')).toBeNull();

    // The link opens the panel without ticking the menu it sits on.
    fireEvent.click(within(drawer).getByTestId('role-datarule-perm_isystem_online'));
    expect(within(drawer).queryByText('（有未保存的修改）')).toBeNull();
    const panel = await screen.findByTestId('datarule-panel');
    await waitFor(() => expect(within(panel).getByText('在线规则')).toBeInTheDocument());
    // Not granted (saved) yet: the server would refuse, so the panel says so first.
    expect(within(panel).getByTestId('datarule-not-held')).toBeInTheDocument();
    expect(within(panel).getByTestId('datarule-save')).toBeDisabled();
    fireEvent.click(panel.closest('.ant-drawer')!.querySelector('.ant-drawer-close') as HTMLElement);

    fireEvent.click(within(drawer).getByTestId('role-datarule-perm_isystem_log'));
    await waitFor(() => expect(screen.getByText('本人账号')).toBeInTheDocument());
    // antd puts the test id on the checkbox input itself.
    const box = (id: string) => screen.getByTestId(`datarule-check-${id}`) as HTMLInputElement;
    expect(box('r1').checked).toBe(true);
    expect(box('r2').checked).toBe(false);
    expect(screen.getByTestId('datarule-off-r2')).toHaveTextContent('已停用');
    fireEvent.click(box('r2'));
    fireEvent.click(box('r1'));
    fireEvent.click(screen.getByTestId('datarule-save'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/role/datarule', { permissionId: 'perm_isystem_log', roleId: 'role_jy', dataRuleIds: 'r2' }));
    expect(post).not.toHaveBeenCalledWith('/sys/permission/saveRolePermission', expect.anything());
  });

  it('closing the drawer with unsaved ticks asks first', async () => {
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-grant-role_teacher'));
    const drawer = await screen.findByTestId('role-permission-drawer');
    await waitFor(() => expect(within(drawer).getByText('登录日志')).toBeInTheDocument());
    fireEvent.click(checkboxOf('perm_isystem_online'));
    fireEvent.click(screen.getByTestId('role-permission-cancel'));
    expect(await screen.findByText('授权修改尚未保存，确定关闭吗?')).toBeInTheDocument();
    expect(screen.getByTestId('role-permission-drawer')).toBeInTheDocument();
    await confirmOk();
    await waitFor(() => expect(screen.queryByTestId('role-permission-drawer')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });

  it('用户 lists the holders; 添加已有用户 links the picked users and 取消关联 asks, then unlinks', async () => {
    post.mockReturnValue(answer(null, '添加成功!'));
    del.mockReturnValue(answer(null, '删除成功!'));
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-users-role_teacher'));
    const modal = await screen.findByTestId('role-users-modal');
    expect(await within(modal).findByText('李文静')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/user/userRoleList', { roleId: 'role_teacher', pageNo: 1, pageSize: 10 });

    fireEvent.click(within(modal).getByTestId('role-users-add'));
    fireEvent.click(await screen.findByTestId('picker-ok'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/user/addSysUserRole', { roleId: 'role_teacher', userIdList: ['u_new'] }));
    expect(await screen.findByText('添加成功!')).toBeInTheDocument();

    fireEvent.click(within(modal).getByTestId('role-user-unlink-u_teacher'));
    expect(await screen.findByText('确定取消「李文静」与该角色的关联吗?')).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    await confirmOk();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/user/deleteUserRole', { roleId: 'role_teacher', userId: 'u_teacher' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    await waitFor(() => expect(get.mock.calls.filter(([url]) => url === '/sys/user/userRoleList').length).toBeGreaterThanOrEqual(3));
  });

  it('the search of 用户 sends a like search on the username', async () => {
    renderScreen();
    fireEvent.click(await screen.findByTestId('role-users-role_teacher'));
    const modal = await screen.findByTestId('role-users-modal');
    await within(modal).findByText('李文静');
    fireEvent.change(within(modal).getByPlaceholderText('请输入用户账号'), { target: { value: 'tea' } });
    fireEvent.click(within(modal).getByTestId('role-users-search-submit'));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/user/userRoleList', { roleId: 'role_teacher', pageNo: 1, pageSize: 10, username: '*tea*' }));
  });

  it('角色编码 can be typed when adding but not when editing', async () => {
    renderScreen();
    await screen.findByText('教研员');
    fireEvent.click(screen.getByTestId('list-add'));
    await waitFor(() => expect(screen.getByTestId('role-code-input')).not.toBeDisabled());
    fireEvent.click(screen.getByTestId('form-modal-cancel'));
    await waitFor(() => expect(screen.queryByTestId('role-code-input')).toBeNull());
    fireEvent.click(screen.getByTestId('row-edit-role_jy'));
    await waitFor(() => expect(screen.getByTestId('role-code-input')).toHaveValue('jiaoyanyuan'));
    expect(screen.getByTestId('role-code-input')).toBeDisabled();
  });

  it('without 授权 and edit permissions the row has no 授权 or 用户', async () => {
    renderScreen(['system:role:list']);
    await screen.findByText('教研员');
    expect(screen.queryByTestId('role-grant-role_jy')).toBeNull();
    expect(screen.queryByTestId('role-users-role_jy')).toBeNull();
    expect(screen.queryByTestId('list-add')).toBeNull();
  });

  it('without system:role:list the screen requests nothing', () => {
    render(
      <ScreenGate perm={screenPerm('system/RoleList')}>
        <RoleListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth: entries(ALL_CODES) }) },
    );
    expect(screen.getByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});

import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import type { AuthEntry } from '@/lib/menu-types';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import PermissionListScreen, { TREE_URL } from './permission-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import { toPayload } from './permission-form';
import type { DataRuleRow, PermissionWireRow } from './types';

// antd Table, Drawer and Form under jsdom are slow on a busy 2-core machine.
jest.setTimeout(90_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/permission', useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;

const base = { perms: null, permsType: '1', icon: null, component: null, componentName: null, url: null, redirect: null, isLeaf: true, route: true, keepAlive: false, alwaysShow: false, hidden: false, hideTab: false, status: '1', ruleFlag: 0, internalOrExternal: false };
/** Rows as GET /sys/permission/list answers them (JeecgBoot SysPermissionTree): key/title too, children null on a leaf. */
type Wire = PermissionWireRow & { key: string; title: string };
const menu = (id: string, name: string, parentId: string | null, extra: Partial<Wire> = {}): Wire => ({ ...base, id, key: id, title: name, name, parentId, menuType: parentId ? 1 : 0, sortNo: 1, children: null, ...extra });
const button = (id: string, name: string, parentId: string, perms: string, extra: Partial<Wire> = {}): Wire => ({ ...base, id, key: id, title: name, name, parentId, menuType: 2, perms, sortNo: 100, children: null, ...extra });

const TREE: Wire[] = [
  menu('perm_isystem', '系统管理', null, {
    url: '/isystem', component: 'layouts/RouteView', icon: 'setting', isLeaf: false,
    children: [
      menu('perm_isystem_user', '用户管理', 'perm_isystem', {
        url: '/isystem/user', component: 'system/UserList', isLeaf: false, ruleFlag: 1,
        children: [button('perm_btn_user_add', '新增用户', 'perm_isystem_user', 'system:user:add', { status: '0', permsType: '2' })],
      }),
      menu('perm_isystem_log', '登录日志', 'perm_isystem', { url: '/isystem/log', component: 'system/LogList' }),
    ],
  }),
  // JeecgBoot answers children [] for a row whose is_leaf says 0 but that has no live child.
  menu('perm_account_center', '个人中心', null, { url: '/account/center', component: 'account/center/Index', icon: 'user', isLeaf: false, children: [] }),
];
const RULES: DataRuleRow[] = [{ id: 'r1', permissionId: 'perm_isystem_user', ruleName: '只看女性', ruleColumn: 'sex', ruleColumnText: '性别（sex）', ruleConditions: '=', ruleConditions_dictText: '等于', ruleValue: '2', status: '1' }];
const DICTS: Record<string, [string, string][]> = { menu_type: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']], perms_type: [['1', '显示'], ['2', '禁用']] };

const answer = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result, timestamp: 0 });
const CODES = ['list', 'add', 'edit', 'delete', 'rule'].map((a) => `system:permission:${a}`);
const entry = (action: string): AuthEntry => ({ action, type: '1', describe: action });
const allAuth = CODES.map((c) => ({ ...entry(c), status: '1' }));

function renderScreen(codes = CODES) {
  return render(<PermissionListScreen />, { wrapper: wrapper({ auth: codes.map(entry), allAuth }) });
}

const treeCalls = () => get.mock.calls.filter(([u]) => u === TREE_URL).length;
const row = (id: string) => document.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
const inRow = (id: string) => within(row(id)!);
const confirmPopup = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm .ant-btn-primary')).not.toBeNull());
  fireEvent.click(document.querySelector<HTMLElement>('.ant-popconfirm .ant-btn-primary')!);
};
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const expandAll = async () => {
  await screen.findByText('系统管理');
  fireEvent.click(screen.getByTestId('perm-expand-all'));
  await screen.findByText('新增用户');
};

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string, params?: Record<string, string>) => {
    if (url === TREE_URL) return answer(TREE);
    if (url.startsWith('/sys/dict/getDictItems/')) return answer((DICTS[url.split('/').pop()!] ?? []).map(([value, text]) => ({ value, text })));
    if (url === '/sys/permission/checkPermDuplication') return params?.url === '/isystem/user' ? Promise.reject(new ApiError('访问路径不允许重复，请重定义！', 500, 200)) : answer(null, '该值可用！');
    if (url === '/sys/permission/getPermRuleListByPermId') return answer(RULES);
    if (url === '/sys/permission/ruleColumns') return answer({ resources: [{ name: 'sysUser', title: '用户信息' }], fields: [{ value: 'sex', text: '性别（sex）' }, { value: 'createBy', text: '创建人（createBy）' }] });
    return answer(null);
  });
  post.mockImplementation((url: string, body: Record<string, unknown>) => answer({ ...body, id: 'new1' }, '添加成功！'));
  put.mockImplementation((url: string, body: Record<string, unknown>) => answer(body, '修改成功！'));
  del.mockImplementation(() => answer(null, '删除成功!'));
});

describe('toPayload', () => {
  it('sends only the fields of the chosen type', () => {
    const values = { name: 'x', menuType: 2, parentId: 'p', perms: 'a:b', permsType: '2', status: '0', url: '/u', component: 'c', icon: 'user', sortNo: 3 };
    expect(toPayload(values)).toEqual({ name: 'x', menuType: 2, parentId: 'p', perms: 'a:b', permsType: '2', status: '0', sortNo: 3 });
    const top = toPayload({ ...values, menuType: 0, redirect: '/r' }, 'id1');
    expect(top).toMatchObject({ id: 'id1', menuType: 0, url: '/u', component: 'c', icon: 'user', redirect: '/r' });
    expect(top).not.toHaveProperty('parentId');
    expect(top).not.toHaveProperty('perms');
    expect(toPayload({ ...values, menuType: 1, redirect: '/r' })).not.toHaveProperty('redirect');
  });
});

describe('菜单管理', () => {
  it('shows the tree with types, icons, paths and button state; search keeps matches in place', async () => {
    renderScreen();
    await screen.findByText('系统管理');
    expect(TREE_URL).toBe('/sys/permission/list');
    expect(get).toHaveBeenCalledWith(TREE_URL);
    // A row without children (null or []) has no expander.
    expect(row('perm_isystem')!.querySelector('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)')).not.toBeNull();
    expect(row('perm_account_center')!.querySelector('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)')).toBeNull();
    expect(screen.queryByText('用户管理')).toBeNull();
    await expandAll();
    expect(await inRow('perm_isystem_user').findByText('子菜单')).toBeInTheDocument();
    expect(inRow('perm_isystem_user').getByText('/isystem/user')).toBeInTheDocument();
    expect(inRow('perm_isystem_user').getByText('规则')).toBeInTheDocument();
    expect(await inRow('perm_btn_user_add').findByText('按钮权限')).toBeInTheDocument();
    expect(inRow('perm_btn_user_add').getByText('无效')).toBeInTheDocument();
    expect(await inRow('perm_btn_user_add').findByText('禁用')).toBeInTheDocument();
    // Buttons cannot have children or rules.
    expect(inRow('perm_btn_user_add').queryByTestId('perm-add-sub')).toBeNull();
    expect(inRow('perm_btn_user_add').queryByTestId('perm-rule')).toBeNull();
    fireEvent.click(screen.getByTestId('perm-collapse-all'));
    await waitFor(() => expect(screen.queryByText('用户管理')).toBeNull());

    const search = within(screen.getByTestId('perm-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '新增' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('新增用户')).toBeInTheDocument();
    expect(screen.getByText('用户管理')).toBeInTheDocument();
    expect(screen.queryByText('个人中心')).toBeNull();
    expect(screen.queryByText('登录日志')).toBeNull();
  });

  it('新增菜单: a 一级菜单 with RouteView; the path is checked locally and for duplicates before anything is sent', async () => {
    renderScreen();
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByTestId('perm-add'));
    await screen.findByTestId('perm-form-body');
    expect(screen.getByLabelText('前端组件')).toHaveValue('layouts/RouteView');
    expect(screen.queryByLabelText('上级菜单')).toBeNull();
    type('菜单名称', '教学管理');
    type('菜单路径', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    expect(await screen.findByText(/访问路径须以 \/ 开头/)).toBeInTheDocument();
    type('菜单路径', '/isystem/user');
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    expect(await screen.findByText('访问路径不允许重复，请重定义！')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    type('菜单路径', '/teach');
    type('菜单图标', 'book');
    const before = treeCalls();
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/permission/add', expect.objectContaining({ name: '教学管理', menuType: 0, url: '/teach', component: 'layouts/RouteView', icon: 'book', route: true, hidden: false })));
    expect(post.mock.calls[0][1]).not.toHaveProperty('perms');
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    await waitFor(() => expect(treeCalls()).toBeGreaterThan(before));
  });

  it('添加下级 under 用户管理: choosing 按钮权限 swaps the fields; a code is required and checked', async () => {
    renderScreen();
    await expandAll();
    fireEvent.click(inRow('perm_isystem_user').getByTestId('perm-add-sub'));
    await screen.findByTestId('perm-form-body');
    expect(screen.getByLabelText('菜单路径')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('perm-type-2'));
    await waitFor(() => expect(screen.queryByLabelText('菜单路径')).toBeNull());
    expect(screen.queryByLabelText('前端组件')).toBeNull();
    expect(screen.queryByLabelText('菜单图标')).toBeNull();
    expect(screen.getByLabelText('授权标识')).toBeInTheDocument();
    const body = within(screen.getByTestId('perm-form-body'));
    expect(body.getByText('授权策略')).toBeInTheDocument();
    expect(body.getByText('有效')).toBeInTheDocument();
    type('按钮/权限', '审核用户');
    type('授权标识', 'system:user:audit; drop');
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    expect(await screen.findByText(/授权标识只能包含/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    type('授权标识', 'system:user:audit');
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/permission/add', { name: '审核用户', menuType: 2, parentId: 'perm_isystem_user', perms: 'system:user:audit', permsType: '1', status: '1', sortNo: 1 }),
    );
  });

  it('编辑 sends the row id; 删除 asks first (and says children go too)', async () => {
    renderScreen();
    await expandAll();
    fireEvent.click(inRow('perm_isystem_log').getByTestId('perm-edit'));
    await screen.findByTestId('perm-form-body');
    expect(screen.getByLabelText('菜单名称')).toHaveValue('登录日志');
    type('菜单名称', '登录记录');
    fireEvent.click(screen.getByTestId('perm-form-submit'));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/permission/edit', expect.objectContaining({ id: 'perm_isystem_log', name: '登录记录', menuType: 1, parentId: 'perm_isystem', url: '/isystem/log', component: 'system/LogList' })));
    expect(get).toHaveBeenCalledWith('/sys/permission/checkPermDuplication', { url: '/isystem/log', alwaysShow: 'false', id: 'perm_isystem_log' });

    fireEvent.click(inRow('perm_isystem_user').getByTestId('perm-delete'));
    expect(await screen.findByText('确定删除该菜单及其全部下级菜单和按钮吗?')).toBeInTheDocument();
    const before = treeCalls();
    await confirmPopup();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/permission/delete', { id: 'perm_isystem_user' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
    await waitFor(() => expect(treeCalls()).toBeGreaterThan(before));
  });

  it('数据规则 lists a menu’s rules; a rule is edited and deleted', async () => {
    renderScreen();
    await expandAll();
    fireEvent.click(inRow('perm_isystem_user').getByTestId('perm-rule'));
    const drawer = await screen.findByTestId('rule-drawer');
    expect(await within(drawer).findByText('只看女性')).toBeInTheDocument();
    expect(within(drawer).getByText('性别（sex）')).toBeInTheDocument();
    expect(within(drawer).getByText('等于')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/permission/getPermRuleListByPermId', { permissionId: 'perm_isystem_user' });
    expect(await within(drawer).findByText(/规则作用于「用户信息」/)).toBeInTheDocument();

    fireEvent.click(within(drawer).getByTestId('rule-edit'));
    await screen.findByTestId('rule-form');
    expect(screen.getByLabelText('规则名称')).toHaveValue('只看女性');
    type('规则名称', '只看女生');
    fireEvent.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/sys/permission/editPermissionRule', { id: 'r1', permissionId: 'perm_isystem_user', ruleName: '只看女生', ruleColumn: 'sex', ruleConditions: '=', ruleValue: '2', status: '1' }),
    );
    await waitFor(() => expect(screen.queryByTestId('rule-form')).toBeNull());

    const ruleLoads = () => get.mock.calls.filter(([u]) => u === '/sys/permission/getPermRuleListByPermId').length;
    const before = ruleLoads();
    fireEvent.click(within(drawer).getByTestId('rule-delete'));
    await confirmPopup();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/permission/deletePermissionRule', { id: 'r1' }));
    await waitFor(() => expect(ruleLoads()).toBeGreaterThan(before));
  });

  it('数据规则 新增: the field comes from the menu’s resource, the value is checked before sending', async () => {
    renderScreen();
    await expandAll();
    fireEvent.click(inRow('perm_isystem_user').getByTestId('perm-rule'));
    const drawer = await screen.findByTestId('rule-drawer');
    await within(drawer).findByText('只看女性');
    fireEvent.click(within(drawer).getByTestId('rule-add'));
    await screen.findByTestId('rule-form');
    type('规则名称', '我创建的');
    fireEvent.mouseDown(within(screen.getByTestId('rule-form')).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByText('创建人（createBy）'));
    type('规则值', '#{evil}');
    fireEvent.click(screen.getByTestId('rule-form-submit'));
    expect(await screen.findByText('不支持的系统变量：#{evil}')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    type('规则值', '#{sys_user_code}');
    fireEvent.click(screen.getByTestId('rule-form-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/permission/addPermissionRule', { permissionId: 'perm_isystem_user', ruleName: '我创建的', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: '#{sys_user_code}', status: '1' }),
    );
  });

  it('with only the list code: no 新增 / 编辑 / 删除 / rule changes, and no selection', async () => {
    renderScreen(['system:permission:list']);
    await expandAll();
    expect(screen.queryByTestId('perm-add')).toBeNull();
    expect(screen.queryByTestId('perm-edit')).toBeNull();
    expect(screen.queryByTestId('perm-delete')).toBeNull();
    expect(screen.queryByTestId('perm-add-sub')).toBeNull();
    expect(document.querySelector('.ant-table-selection-column')).toBeNull();
    fireEvent.click(inRow('perm_isystem_user').getByTestId('perm-rule'));
    const drawer = await screen.findByTestId('rule-drawer');
    await within(drawer).findByText('只看女性');
    expect(within(drawer).queryByTestId('rule-add')).toBeNull();
    expect(within(drawer).queryByTestId('rule-edit')).toBeNull();
  });

  it('without the list code nothing is requested', async () => {
    render(
      <ScreenGate perm={screenPerm('system/PermissionList')}>
        <PermissionListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth }) },
    );
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith(TREE_URL);
  });
});

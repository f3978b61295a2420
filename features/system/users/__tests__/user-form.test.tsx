import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { FormModal, type FormMode } from '@/components/data/list/form-modal';
import { ok, page, rulesOf, wrapper } from '@/components/pickers/__tests__/helpers';
import { userEditors } from '../user-editors';
import { userResource } from '../user-resource';

/**
 * 用户管理's 新增 / 编辑 form sends JeecgBoot's parameters (SysUserController add / edit): roles in
 * `selectedroles`, membership in `selecteddeparts`, 负责部门 in `departIds` with 身份 `userIdentity`.
 */

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;

const ROLES = [
  { id: 'role_teacher', roleName: '教师', roleCode: 'teacher' },
  { id: 'role_marketing', roleName: '市场', roleCode: 'marketing' },
];
const TREE = [
  { key: 'dep_bj', id: 'dep_bj', title: '北京校区', departName: '北京校区', isLeaf: true, children: null },
  { key: 'dep_sh', id: 'dep_sh', title: '上海校区', departName: '上海校区', isLeaf: true, children: null },
  { key: 'dep_jwc', id: 'dep_jwc', title: '教务处', departName: '教务处', isLeaf: true, children: null },
];
const NAMES: Record<string, string> = Object.fromEntries([...ROLES.map((r) => [r.id, r.roleName]), ...TREE.map((d) => [d.id, d.departName])]);

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string, p: Record<string, string> = {}) => {
    if (url === '/sys/role/list') return Promise.resolve(page(p.superQueryParams ? ROLES.filter((r) => rulesOf(p).some((x) => x.val === r.id)) : ROLES));
    if (url === '/sys/sysDepart/queryTreeListByOrgCode') return Promise.resolve(ok(TREE));
    if (url.startsWith('/sys/dict/loadDictItem/')) return Promise.resolve(ok(p.key.split(',').map((k) => NAMES[k] ?? k)));
    if (url.startsWith('/sys/dict/getDictItems/')) return Promise.resolve(ok([]));
    if (url === '/sys/duplicate/check') return Promise.resolve(ok(null, '该值可用！'));
    if (url === '/sys/tenant/queryList') return Promise.resolve(ok([{ id: 1, name: '星辰教育' }, { id: 2, name: '星辰教育·南校区' }]));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

function open(mode: FormMode, record: Record<string, unknown> | null = null) {
  render(<FormModal def={userResource} open mode={mode} record={record} editors={userEditors} onClose={jest.fn()} />, { wrapper: wrapper() });
}

const submit = () => fireEvent.click(screen.getByTestId('form-modal-submit'));

const teacher = {
  id: 'u_teacher',
  username: 'teacher',
  realname: '李文静',
  phone: '13800000001',
  sex: 2,
  status: 1,
  selectedroles: 'role_teacher',
  selecteddeparts: 'dep_bj,dep_sh',
  orgCodeTxt: '北京校区,上海校区',
  userIdentity: 2,
  departIds: 'dep_bj',
  relTenantIds: '1,2',
  createTime: '2024-01-01 10:00:00',
};

describe('用户管理 form', () => {
  it('新增 sends the chosen roles as selectedroles and the departments as selecteddeparts', async () => {
    post.mockResolvedValue(ok(null, '添加成功！'));
    open('add');
    fireEvent.change(await screen.findByPlaceholderText('请输入用户账号'), { target: { value: 'newteacher' } });
    fireEvent.change(screen.getByPlaceholderText('请输入用户姓名'), { target: { value: '新老师' } });
    fireEvent.change(screen.getByPlaceholderText('请输入登录密码'), { target: { value: 'Teach2026ok' } });
    // 负责部门 waits for 身份 上级.
    expect((screen.getByTestId('field-departIds-open') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('field-selectedroles-open'));
    const roles = await screen.findByTestId('role-picker');
    fireEvent.click(await within(roles).findByText('教师'));
    await act(async () => fireEvent.click(screen.getByTestId('role-picker-ok')));
    fireEvent.click(screen.getByTestId('field-selecteddeparts-open'));
    const departs = await screen.findByTestId('depart-picker');
    fireEvent.click(await within(departs).findByText('教务处'));
    await act(async () => fireEvent.click(screen.getByTestId('depart-picker-ok')));
    expect(await within(screen.getByTestId('field-selecteddeparts')).findByText('教务处')).toBeTruthy();

    submit();
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/sys/user/add');
    expect(body).toMatchObject({ username: 'newteacher', realname: '新老师', password: 'Teach2026ok', selectedroles: 'role_teacher', selecteddeparts: 'dep_jwc', userIdentity: 1 });
    // Membership never travels in departIds (JeecgBoot's 负责部门) nor in our old roleIds.
    expect(body.departIds ?? '').toBe('');
    expect(body).not.toHaveProperty('roleIds');
  });

  it('新增 checks the password rule in the form, before any request (issue #21)', async () => {
    open('add');
    fireEvent.change(await screen.findByPlaceholderText('请输入用户账号'), { target: { value: 'weakuser' } });
    fireEvent.change(screen.getByPlaceholderText('请输入用户姓名'), { target: { value: '弱密码' } });
    const password = screen.getByPlaceholderText('请输入登录密码');
    fireEvent.change(password, { target: { value: 'abc123' } });
    expect(await screen.findByText('密码至少8位')).toBeTruthy();
    fireEvent.change(password, { target: { value: 'onlyletters' } });
    expect(await screen.findByText('密码须同时包含字母和数字')).toBeTruthy();
    submit();
    await act(async () => undefined);
    expect(post).not.toHaveBeenCalled();
  });

  it('编辑 sends the user’s current roles and departments back, so nothing is lost', async () => {
    put.mockResolvedValue(ok(null, '编辑成功!'));
    open('edit', teacher);
    fireEvent.change(await screen.findByPlaceholderText('请输入用户姓名'), { target: { value: '李文静改' } });
    // 上级 with 负责部门 北京校区: the picker is open for edits.
    expect((screen.getByTestId('field-departIds-open') as HTMLButtonElement).disabled).toBe(false);
    expect(await within(screen.getByTestId('field-departIds')).findByText('北京校区')).toBeTruthy();
    submit();
    await waitFor(() => expect(put).toHaveBeenCalled());
    const [url, body] = put.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/sys/user/edit');
    expect(body).toMatchObject({ id: 'u_teacher', realname: '李文静改', selectedroles: 'role_teacher', selecteddeparts: 'dep_bj,dep_sh', userIdentity: 2, departIds: 'dep_bj', relTenantIds: '1,2' });
    expect(within(screen.getByTestId('user-tenant-select')).getByText('星辰教育·南校区')).toBeTruthy();
    expect(body).not.toHaveProperty('password');
  });

  it('身份 普通用户 empties 负责部门, as JeecgBoot’s form sends departIds \'\'', async () => {
    put.mockResolvedValue(ok(null, '编辑成功!'));
    open('edit', teacher);
    fireEvent.click(await screen.findByText('普通用户'));
    await waitFor(() => expect((screen.getByTestId('field-departIds-open') as HTMLButtonElement).disabled).toBe(true));
    submit();
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0][1]).toMatchObject({ id: 'u_teacher', selectedroles: 'role_teacher', selecteddeparts: 'dep_bj,dep_sh', userIdentity: '1', departIds: '' });
  });
});

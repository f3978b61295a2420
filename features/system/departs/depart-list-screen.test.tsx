import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { writeDictCache } from '@/lib/dict-cache';
import type { AuthEntry } from '@/lib/menu-types';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import DepartListScreen from './depart-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import type { DepartNode } from './depart-tree';

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/depart' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;
const answer = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const refuse = (message: string) => Promise.reject(new ApiError(message, 500, 200));

const node = (id: string, departName: string, orgCode: string, parentId: string | null, children: DepartNode[] | null = null): DepartNode => ({
  key: id,
  id,
  title: departName,
  isLeaf: !children,
  parentId,
  departName,
  departNameEn: null,
  departNameAbbr: null,
  departOrder: 0,
  orgCategory: parentId ? '2' : '1',
  orgType: '1',
  orgCode,
  mobile: null,
  fax: null,
  address: null,
  memo: null,
  status: '1',
  children,
});

const TREE = [node('dep_root', '星辰教育集团', 'A01', null, [node('dep_jwc', '教务处', 'A01A01', 'dep_root'), node('dep_bj', '北京校区', 'A01A03', 'dep_root', [node('dep_bj_math', '数学教研组', 'A01A03A01', 'dep_bj')])])];

const ALL_CODES = ['system:depart:list', 'system:depart:add', 'system:depart:edit', 'system:depart:delete', 'system:depart:deleteBatch'];
const entries = (codes: string[]): AuthEntry[] => codes.map((action) => ({ action, type: '1', describe: action, status: '1' }));
const renderScreen = (codes = ALL_CODES) => render(<DepartListScreen />, { wrapper: wrapper({ auth: entries(codes), allAuth: entries(ALL_CODES) }) });

/** rc-input ignores a second Enter until the key has come up again. */
const pressEnter = (el: HTMLElement) => {
  fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(el, { key: 'Enter', code: 'Enter', keyCode: 13 });
};
const treeNode = (name: string) => within(screen.getByTestId('depart-tree')).getByText(name);
const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary')).not.toBeNull());
  const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary') as HTMLElement;
  // The confirm's async handler settles inside act, so its state updates are not flagged.
  await act(async () => {
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
  });
};

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  writeDictCache(localStorage, {
    org_category: [{ value: '1', text: '公司' }, { value: '2', text: '部门' }, { value: '3', text: '岗位' }],
    depart_status: [{ value: '0', text: '不启用' }, { value: '1', text: '启用' }],
  });
  get.mockImplementation((url: string) => (url === '/sys/sysDepart/queryTreeList' ? answer(TREE) : answer([])));
});

describe('部门管理', () => {
  it('shows the tree; selecting a department fills the form with its read-only code; 保存 sends the edit without the code', async () => {
    renderScreen();
    fireEvent.click(await screen.findByText('北京校区'));
    const panel = await screen.findByTestId('depart-edit');
    await waitFor(() => expect(within(panel).getByDisplayValue('北京校区')).toBeInTheDocument());
    expect(screen.getByTestId('depart-edit-org-code')).toHaveValue('A01A03');
    expect(screen.getByTestId('depart-edit-org-code')).toBeDisabled();
    expect(screen.getByTestId('depart-edit-parent')).toHaveValue('星辰教育集团');

    put.mockReturnValue(answer(null, '修改成功!'));
    fireEvent.change(within(panel).getByDisplayValue('北京校区'), { target: { value: '北京总校' } });
    fireEvent.change(within(panel).getByPlaceholderText('请输入传真'), { target: { value: '010-1234' } });
    fireEvent.click(screen.getByTestId('depart-edit-save'));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, body] = put.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/sys/sysDepart/edit');
    expect(body).toMatchObject({ id: 'dep_bj', departName: '北京总校', fax: '010-1234', mobile: null, orgCategory: '2', status: '1' });
    expect(body).not.toHaveProperty('orgCode');
    expect(await screen.findByText('修改成功!')).toBeInTheDocument();
  });

  it('checks the form before saving: name required, mobile pattern', async () => {
    renderScreen();
    fireEvent.click(await screen.findByText('教务处'));
    const panel = await screen.findByTestId('depart-edit');
    await waitFor(() => expect(within(panel).getByDisplayValue('教务处')).toBeInTheDocument());
    fireEvent.change(within(panel).getByDisplayValue('教务处'), { target: { value: ' ' } });
    fireEvent.change(within(panel).getByPlaceholderText('请输入手机号'), { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('depart-edit-save'));
    expect(await screen.findByText('请输入机构/部门名称!')).toBeInTheDocument();
    expect(await screen.findByText('请输入正确的手机号码!')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('添加下级 opens the dialog under the selected department and posts its parentId; the new one is selected', async () => {
    renderScreen();
    fireEvent.click(await screen.findByText('北京校区'));
    fireEvent.click(screen.getByTestId('depart-add-child'));
    expect(await screen.findByText('添加下级：北京校区')).toBeInTheDocument();
    expect(screen.getByTestId('depart-add-org-code')).toHaveValue('');
    expect(screen.getByTestId('depart-add-org-code')).toHaveAttribute('placeholder', '保存后自动生成');

    const added = node('dep_new', '物理教研组', 'A01A03A02', 'dep_bj');
    post.mockReturnValue(answer(added, '添加成功！'));
    get.mockImplementation((url: string) =>
      url === '/sys/sysDepart/queryTreeList' ? answer([{ ...TREE[0], children: [TREE[0].children![0], { ...TREE[0].children![1], children: [...TREE[0].children![1].children!, added] }] }]) : answer([]),
    );
    const form = screen.getByTestId('depart-add-form');
    fireEvent.click(screen.getByTestId('depart-add-submit'));
    expect(await within(form).findByText('请输入机构/部门名称!')).toBeInTheDocument();
    fireEvent.change(within(form).getByPlaceholderText('请输入机构/部门名称'), { target: { value: '物理教研组' } });
    fireEvent.click(screen.getByTestId('depart-add-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/sysDepart/add', expect.objectContaining({ parentId: 'dep_bj', departName: '物理教研组', orgCategory: '2', status: '1' })));
    expect(post.mock.calls[0][1]).not.toHaveProperty('orgCode');
    await waitFor(() => expect(screen.getByTestId('depart-edit-org-code')).toHaveValue('A01A03A02'));
    expect(treeNode('物理教研组')).toBeInTheDocument();
  });

  it('新增一级部门 posts without a parent', async () => {
    renderScreen();
    await screen.findByText('星辰教育集团');
    fireEvent.click(screen.getByTestId('depart-add-root'));
    expect(await screen.findByText('新增一级部门', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(screen.getByTestId('depart-add-parent')).toHaveValue('无（一级部门）');
    post.mockReturnValue(answer(node('dep_x', '第二集团', 'A02', null), '添加成功！'));
    fireEvent.change(within(screen.getByTestId('depart-add-form')).getByPlaceholderText('请输入机构/部门名称'), { target: { value: '第二集团' } });
    fireEvent.click(screen.getByTestId('depart-add-submit'));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/sysDepart/add', expect.objectContaining({ parentId: null, departName: '第二集团', orgCategory: '1' })));
  });

  it('删除 asks first, then shows the server refusal and keeps the selection', async () => {
    del.mockImplementation(() => refuse('部门「北京校区」下还有子部门，请先删除子部门'));
    renderScreen();
    fireEvent.click(await screen.findByText('北京校区'));
    fireEvent.click(screen.getByTestId('depart-delete'));
    expect(await screen.findByText('确定删除部门「北京校区」吗?')).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    await confirmOk();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/sysDepart/delete', { id: 'dep_bj' }));
    expect(await screen.findByText('部门「北京校区」下还有子部门，请先删除子部门')).toBeInTheDocument();
    expect(screen.getByTestId('depart-edit')).toBeInTheDocument();
  });

  it('search asks the server and lists the matches flat; 未查询匹配数据！ shows as an empty result', async () => {
    renderScreen();
    await screen.findByText('星辰教育集团');
    get.mockImplementation((url: string, p?: Record<string, string>) => {
      if (url === '/sys/sysDepart/queryTreeList') return answer(TREE);
      if (url === '/sys/sysDepart/searchBy') return p?.keyWord === '数学' ? answer([node('dep_bj_math', '数学教研组', 'A01A03A01', 'dep_bj')]) : refuse('未查询匹配数据！');
      return answer([]);
    });
    const box = within(screen.getByTestId('depart-search')).getByPlaceholderText('请输入部门名称');
    fireEvent.change(box, { target: { value: '数学' } });
    pressEnter(box);
    await waitFor(() => expect(within(screen.getByTestId('depart-tree')).queryByText('星辰教育集团')).toBeNull());
    expect(treeNode('数学教研组')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '火星' } });
    pressEnter(box);
    expect(await screen.findByText('未查询匹配数据！')).toBeInTheDocument();
    expect(screen.queryByTestId('depart-tree')).toBeNull();
  });

  it('without the write permissions there is no add or delete and the form is read-only', async () => {
    renderScreen(['system:depart:list']);
    fireEvent.click(await screen.findByText('教务处'));
    await screen.findByTestId('depart-edit');
    expect(screen.queryByTestId('depart-add-root')).toBeNull();
    expect(screen.queryByTestId('depart-add-child')).toBeNull();
    expect(screen.queryByTestId('depart-delete')).toBeNull();
    expect(screen.queryByTestId('depart-edit-save')).toBeNull();
    await waitFor(() => expect(screen.getByDisplayValue('教务处')).toBeDisabled());
  });

  it('without system:depart:list the screen requests nothing', () => {
    render(
      <ScreenGate perm={screenPerm('system/DepartList')}>
        <DepartListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth: entries(ALL_CODES) }) },
    );
    expect(screen.getByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
